//! `timeDurationExpression`: the form `y-m-d`, three non-negative integers
//! (years, months, days), e.g. `1-0-0` for one year.

use crate::validate::ctx::{excerpt, Ctx};
use crate::validate::report::{Code, Params};

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

pub(crate) fn check(s: &str, ctx: &mut Ctx<'_>) {
    if !is_duration(s) {
        ctx.error(Code::DurationExpression, || Params::none().with("value", excerpt(s, 24)));
    }
}
