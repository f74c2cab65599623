//! `delete_product` with `strictMatchWhenDelete: true` matches `limitStartDate`,
//! `limitEndDate` and `limitConcurrent` exactly against the existing product, so
//! each must be present (error at the missing field).

use super::order::{self, OrderFacts};
use super::Closed;
use crate::model::OrderType;
use crate::schema::Role;
use crate::validate::ctx::{Ctx, Seg};
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::rule::RuleDef;
use crate::validate::slot::Slot;

/// A strict-match delete product carries the fields it is matched on.
pub(crate) const RULE: super::Rule = super::Rule::StrictMatchFields;

/// A strict-match delete product lacks a field it is matched on.
pub(crate) const CODE_STRICT_MATCH_FIELD_REQUIRED: super::CodeDef = super::CodeDef::new(
    super::Code::StrictMatchFieldRequired,
    "strict_match_field_required",
    "`A/products/{k}/limitStartDate`, `…/limitEndDate`, `…/limitConcurrent`",
    "—",
);

/// The rule `strict_match_fields` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("strict_match_fields", Code::StrictMatchFieldRequired, Inferred, Error, &[
        Message::new(Code::StrictMatchFieldRequired, "`{field}` is required when strictMatchWhenDelete is true (it is matched exactly)", "strictMatchWhenDelete 为 true 时必须填写 `{field}`（按其精确匹配）"),
    ])
    .cross_field()
    .depends(&[
        depends(
            Some(Role::Order),
            &[
                "orderType",
                "assets/*/products/*/strictMatchWhenDelete",
                "assets/*/products/*/limitStartDate",
                "assets/*/products/*/limitEndDate",
                "assets/*/products/*/limitConcurrent",
            ],
            &["assets/*/products/*/limitStartDate", "assets/*/products/*/limitEndDate", "assets/*/products/*/limitConcurrent"],
        ),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_product","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","strictMatchWhenDelete":true,"limitEndDate":2,"limitConcurrent":1}]}]}]}"#, "/orderList/0/assets/0/products/0/limitStartDate"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_product","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","strictMatchWhenDelete":true,"limitStartDate":1,"limitEndDate":2,"limitConcurrent":1}]}]}]}"#),
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_product","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","strictMatchWhenDelete":false}]}]}]}"#),
    ])
    .js(&[Role::Product], include_str!("strict_match_fields.js"))
    .in_schemas(By("if/then on DeletedProduct"))
};

/// The fields a strict-match delete is matched on.
pub const STRICT_MATCH_FIELDS: [&str; 3] = ["limitStartDate", "limitEndDate", "limitConcurrent"];

/// The objects it runs on, when they close: an order, whose assets and products
/// have left their facts (`order.rs`).
pub(crate) const CLOSES: &[Role] = &[Role::Order];

/// An order closed.
pub(crate) fn on_close(closed: &mut Closed<'_>, ctx: &mut Ctx<'_>) {
    if let Some(order_type) = order::order_type(closed.slots) {
        check(order_type, &closed.state.order, ctx);
    }
}

pub(crate) fn check(order_type: OrderType, facts: &OrderFacts, ctx: &mut Ctx<'_>) {
    if order_type != OrderType::DeleteProduct {
        return;
    }
    ctx.push(Seg::Key("assets"));
    for (asset, products) in facts.assets_with_products() {
        ctx.push(Seg::Index(asset.index));
        ctx.push(Seg::Key("products"));
        for product in products.iter().filter(|p| p.strict == Slot::Bool(true)) {
            ctx.push(Seg::Index(product.index));
            for (field, value) in STRICT_MATCH_FIELDS.iter().zip(product.matched) {
                if value.is_absent() {
                    ctx.report_at(field, Rule::StrictMatchFields, Params::none);
                }
            }
            ctx.pop();
        }
        ctx.pop();
        ctx.pop();
    }
    ctx.pop();
}

/// The objects `testing::make_valid` repairs for this rule (feature `repair`).
#[cfg(feature = "repair")]
pub(crate) const REPAIRS: &[crate::schema::Role] = &[crate::schema::Role::Product];

/// Makes an object true to this rule (`testing::make_valid`).
#[cfg(feature = "repair")]
pub(crate) fn repair(object: &mut serde_json::Value, around: &super::Around<'_>) {
    // All three at once, so the dates it writes stay in order (`limit_range`).
    let strict = object.get("strictMatchWhenDelete") == Some(&serde_json::Value::Bool(true));
    let lacks_one = STRICT_MATCH_FIELDS.iter().any(|name| object.get(*name).is_none_or(serde_json::Value::is_null));
    if around.order_type == "delete_product" && strict && lacks_one {
        object["limitStartDate"] = serde_json::Value::from(1_700_000_000_000i64);
        object["limitEndDate"] = serde_json::Value::from(1_800_000_000_000i64);
        object["limitConcurrent"] = serde_json::Value::from(1);
    }
}
