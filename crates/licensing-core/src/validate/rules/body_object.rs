//! The body (or query object) is a JSON object: the spec lists its fields. Checked by the walk (`walk.rs`).

use crate::validate::rule::RuleDef;

/// The body or query object is a JSON object.
pub(crate) const RULE: super::Rule = super::Rule::BodyObject;

/// The rule `body_object` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("body_object", Code::Type, Spec, Error, super::field_type::MESSAGES)
        .reads(Reads::Both)
        .examples(&[example(ShellNums, r#"[1]"#, "")])
        .answer_examples(&[answer(ShellNums, 200, r#"["8000000001"]"#, "")])
        .passes(&[pass(ShellNums, r#"{"size": 1}"#)])
        .in_schemas(By("type: object"))
};
