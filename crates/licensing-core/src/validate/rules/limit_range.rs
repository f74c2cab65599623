//! A limit end before its start (asset and product `limitStartDate`/`limitEndDate`)
//! is an error at the end date.

use crate::validate::json::{Json, Object};

use crate::validate::ctx::Ctx;
use crate::validate::report::{Code, Params};

pub(crate) fn check<'a>(object: &'a Object<'a>, ctx: &mut Ctx<'a>) {
    let date = |k: &str| object.get(k).and_then(Json::as_i64);
    if let (Some(start), Some(end)) = (date("limitStartDate"), date("limitEndDate")) {
        if end < start {
            ctx.error_at("limitEndDate", Code::LimitEndBeforeStart, || {
                Params::none().with("start", "limitStartDate").with("value", end.to_string())
            });
        }
    }
}
