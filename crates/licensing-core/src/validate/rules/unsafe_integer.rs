//! An answer's integer past ±2⁵³: JavaScript's `JSON.parse` reads it rounded
//! (`1234567890123456789` arrives as `…800`), while Rust reads it exactly. The
//! tolerant reader says so as a warning (`onWarnings`, phase `response`): the
//! value still arrives as the platform reads it. Answers only: a request's
//! integer is the service's to read, as a Java `long`.

use crate::validate::ctx::Ctx;
use crate::validate::itoa;
use crate::validate::report::Params;
use crate::validate::rule::{Rule, RuleDef};

/// The largest integer every JavaScript number holds exactly (2⁵³ − 1).
const MAX_SAFE: u64 = (1 << 53) - 1;

/// An answer's integer is within ±2⁵³ (what JavaScript reads exactly).
pub(crate) const RULE: super::Rule = super::Rule::UnsafeInteger;

/// The integer is past ±2⁵³: JavaScript's `JSON.parse` reads it rounded (Rust
/// exactly). It reaches the caller as the platform reads it; `onWarnings` hears
/// of it.
pub(crate) const CODE_UNSAFE_INTEGER: super::CodeDef = super::CodeDef::new(
    super::Code::UnsafeInteger,
    "unsafe_integer",
    "an integer of an answer (`/data/…`, `/detail/…`): a warning of the tolerant reader, never of a request",
    "`value`",
);

/// The rule `unsafe_integer` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "unsafe_integer",
        Code::UnsafeInteger,
        Inferred,
        Warning,
        &[Message::new(
            Code::UnsafeInteger,
            "`{field}` {value} is past 2^53: JavaScript reads it rounded",
            "`{field}` 的值 {value} 超出 2^53：JavaScript 读取时会被舍入",
        )],
    )
    .reads(Reads::Answers)
    .answer_examples(&[answer(
        BatchOrder,
        200,
        r#"{"code":0,"message":"success","data":[{"sequence":1234567890123456789,"licenseOrderId":"LO1","customerId":"C1"}]}"#,
        "/data/0/sequence",
    )])
};

/// Warns of an integer of an answer that a JS number cannot hold exactly.
pub(crate) fn check(value: i64, ctx: &mut Ctx<'_>) {
    if value.unsigned_abs() > MAX_SAFE {
        ctx.report(Rule::UnsafeInteger, || Params::none().with("value", itoa::signed(value)));
    }
}

#[cfg(test)]
mod tests {
    use super::check;
    use crate::validate::ctx::Ctx;
    use crate::validate::Options;

    fn warned(value: i64) -> bool {
        let mut ctx = Ctx::new(Options::default());
        check(value, &mut ctx);
        !ctx.finish().issues.is_empty()
    }

    #[test]
    fn the_bound_is_javascripts_max_safe_integer() {
        let max = 9_007_199_254_740_991; // Number.MAX_SAFE_INTEGER, 2^53 - 1
        for value in [0, 1, -1, max, -max] {
            assert!(!warned(value), "{value}");
        }
        for value in [max + 1, -(max + 1), max + 2, i64::MAX, i64::MIN] {
            assert!(warned(value), "{value}");
        }
    }
}
