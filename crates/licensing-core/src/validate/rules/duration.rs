//! `timeDurationExpression`: the form `y-m-d`, three non-negative integers
//! (years, months, days), e.g. `1-0-0` for one year.

use crate::validate::ctx::{excerpt, Ctx};
use crate::validate::report::Params;
use crate::validate::rule::Rule;

pub(crate) fn is_duration(s: &str) -> bool {
    let mut parts = 0;
    for part in s.split('-') {
        parts += 1;
        if part.is_empty() || part.len() > 6 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
    }
    parts == 3
}

/// Checks an expression under `rule` (`Duration` or `PackageDuration`, which
/// differ in provenance only).
pub(crate) fn check(rule: Rule, s: &str, ctx: &mut Ctx<'_>) {
    if !is_duration(s) {
        ctx.report(rule, || Params::none().with("value", excerpt(s, 24)));
    }
}
