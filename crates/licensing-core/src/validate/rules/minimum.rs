//! `size` ≥ 1 and the product counts ≥ 0 (`Kind::IntMin` in the tables). Checked by the walk.

use crate::validate::rule::RuleDef;

/// The rule `minimum` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("minimum", Code::Minimum, Inferred, Error, &[
        Message::new(Code::Minimum, "`{field}` must be an integer of at least {min}", "`{field}` 必须是不小于 {min} 的整数"),
    ])
    .examples(&[
        example(ShellNums, r#"{"size": 0}"#, "/size"),
    ])
    .passes(&[
        pass(ShellNums, r#"{"size": 1}"#),
    ])
};
