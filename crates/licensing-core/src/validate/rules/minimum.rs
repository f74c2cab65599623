//! `size` ≥ 1 and the product counts ≥ 0 (`Kind::IntMin` in the tables). Checked by the walk.

use crate::validate::rule::RuleDef;

/// `size` ≥ 1; product counts and durations ≥ 0.
pub(crate) const RULE: super::Rule = super::Rule::Minimum;

/// An integer is below its minimum.
pub(crate) const CODE_MINIMUM: super::CodeDef = super::CodeDef::new(
    super::Code::Minimum,
    "minimum",
    "`/size`, `P/limitConcurrent`, `P/limitTimeDuration`, `P/timeUnitQuantity`",
    "`min`, `value`",
);

/// The rule `minimum` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "minimum",
        Code::Minimum,
        Inferred,
        Error,
        &[Message::new(
            Code::Minimum,
            "`{field}` must be an integer of at least {min}",
            "`{field}` 必须是不小于 {min} 的整数",
        )],
    )
    .examples(&[example(ShellNums, r#"{"size": 0}"#, "/size")])
    .passes(&[pass(ShellNums, r#"{"size": 1}"#)])
    .in_schemas(By("minimum"))
};
