//! A limit end before its start (asset and product `limitStartDate`/`limitEndDate`)
//! is an error at the end date.

use crate::validate::ctx::Ctx;
use crate::validate::itoa;
use crate::validate::report::{Code, Params};
use crate::validate::slot::Slot;

pub(crate) fn check(start: Slot, end: Slot, ctx: &mut Ctx<'_>) {
    if let (Some(start), Some(end)) = (start.as_int(), end.as_int()) {
        if end < start {
            ctx.error_at("limitEndDate", Code::LimitEndBeforeStart, || {
                Params::none().with("start", "limitStartDate").with("value", itoa::signed(end))
            });
        }
    }
}
