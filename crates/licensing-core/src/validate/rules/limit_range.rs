//! A limit end before its start (asset and product `limitStartDate`/`limitEndDate`)
//! is an error at the end date.

use crate::validate::ctx::Ctx;
use crate::validate::itoa;
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::slot::Slot;

pub(crate) fn check(start: Slot, end: Slot, ctx: &mut Ctx<'_>) {
    if let (Some(start), Some(end)) = (start.as_int(), end.as_int()) {
        if end < start {
            ctx.report_at("limitEndDate", Rule::LimitRange, || {
                Params::none().with("start", "limitStartDate").with("value", itoa::signed(end))
            });
        }
    }
}
