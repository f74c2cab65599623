//! A limit end before its start (asset and product `limitStartDate`/`limitEndDate`)
//! is an error at the end date.

use super::{slot, Closed};
use crate::schema::{index_of, Role, ASSET_FIELDS, PRODUCT_FIELDS};
use crate::validate::ctx::Ctx;
use crate::validate::itoa;
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::rule::RuleDef;
use crate::validate::slot::Slot;

/// A limit end date is not before its start date.
pub(crate) const RULE: super::Rule = super::Rule::LimitRange;

/// `limitEndDate` is less than `limitStartDate`. Equal dates are allowed.
pub(crate) const CODE_LIMIT_END_BEFORE_START: super::CodeDef = super::CodeDef::new(
    super::Code::LimitEndBeforeStart,
    "limit_end_before_start",
    "`A/limitEndDate`, `P/limitEndDate`",
    "`start` (`limitStartDate`), `value` (the end date)",
);

/// The rule `limit_range` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("limit_range", Code::LimitEndBeforeStart, Inferred, Error, &[
        Message::new(Code::LimitEndBeforeStart, "`{field}` is before `{start}`", "`{field}` 早于开始时间 `{start}`"),
    ])
    .cross_field()
    .depends(&[
        depends(Some(Role::Asset), &["limitStartDate", "limitEndDate"], &["limitEndDate"]),
        depends(Some(Role::Product), &["limitStartDate", "limitEndDate"], &["limitEndDate"]),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"limitStartDate":2,"limitEndDate":1,"products":[{"productUri":"p"}]}]}]}"#, "/orderList/0/assets/0/limitEndDate"),
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","limitStartDate":2,"limitEndDate":1}]}]}]}"#, "/orderList/0/assets/0/products/0/limitEndDate"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"limitStartDate":1,"limitEndDate":2,"products":[{"productUri":"p","limitStartDate":2,"limitEndDate":2}]}]}]}"#),
    ])
    .js(&[Role::Asset, Role::Product], include_str!("limit_range.js"))
    .in_schemas(No("compares two values of the instance; JSON Schema has no such keyword"))
};

/// The objects it runs on, when they close.
pub(crate) const CLOSES: &[Role] = &[Role::Asset, Role::Product];
const ASSET_START: usize = index_of(ASSET_FIELDS, "limitStartDate");
const ASSET_END: usize = index_of(ASSET_FIELDS, "limitEndDate");
const PRODUCT_START: usize = index_of(PRODUCT_FIELDS, "limitStartDate");
const PRODUCT_END: usize = index_of(PRODUCT_FIELDS, "limitEndDate");

/// An asset or a product closed: its own limit dates.
pub(crate) fn on_close(closed: &mut Closed<'_>, ctx: &mut Ctx<'_>) {
    let (start, end) = if closed.role == Role::Asset { (ASSET_START, ASSET_END) } else { (PRODUCT_START, PRODUCT_END) };
    check(slot(closed.slots, start), slot(closed.slots, end), ctx);
}

pub(crate) fn check(start: Slot, end: Slot, ctx: &mut Ctx<'_>) {
    if let (Some(start), Some(end)) = (start.as_int(), end.as_int()) {
        if end < start {
            ctx.report_at("limitEndDate", Rule::LimitRange, || {
                Params::none().with("start", "limitStartDate").with("value", itoa::signed(end))
            });
        }
    }
}

/// The objects `testing::make_valid` repairs for this rule (feature `repair`).
#[cfg(feature = "repair")]
pub(crate) const REPAIRS: &[crate::schema::Role] = &[crate::schema::Role::Asset, crate::schema::Role::Product];

/// Makes an object true to this rule (`testing::make_valid`).
#[cfg(feature = "repair")]
pub(crate) fn repair(object: &mut serde_json::Value, _around: &super::Around<'_>) {
    let int = |name: &str| object.get(name).and_then(serde_json::Value::as_i64);
    if let (Some(start), Some(end)) = (int("limitStartDate"), int("limitEndDate")) {
        if end < start {
            object["limitEndDate"] = serde_json::Value::from(start);
        }
    }
}
