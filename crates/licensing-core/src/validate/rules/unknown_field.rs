//! A field the shape does not define (a warning; an error under `strict`). Reported by the walk, with a suggestion (`suggest.rs`).

use crate::validate::rule::RuleDef;

/// The field is one the shape defines.
pub(crate) const RULE: super::Rule = super::Rule::UnknownField;

/// The object has a field its shape does not define. The field's value is not
/// checked.
pub(crate) const CODE_UNKNOWN_FIELD: super::CodeDef =
    super::CodeDef::new(super::Code::UnknownField, "unknown_field", "the unknown key", "`suggestion`?");

/// The rule `unknown_field` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "unknown_field",
        Code::UnknownField,
        Inferred,
        Warning,
        &[Message::new(Code::UnknownField, "Unknown field `{field}`", "未知字段 `{field}`")],
    )
    .reads(Reads::Both)
    .examples(&[example(ShellNums, r#"{"size": 1, "sise": 2}"#, "/sise")])
    .answer_examples(&[
        answer(ShellNums, 200, r#"{"code":0,"message":"success","data":[],"traceId":"t-1"}"#, "/traceId"),
        answer(
            LockAssets,
            200,
            r#"{"code":0,"message":"success","data":[{"assetNum":"8000000001","status":1,"reason":""}]}"#,
            "/data/0/reason",
        ),
    ])
    .passes(&[pass(ShellNums, r#"{"size": 1}"#)])
    .in_schemas(No("a warning under the recommended profile: additional properties are allowed"))
};
