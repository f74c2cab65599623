//! `srcLicenseOrderId` on refund orders (`delete_asset`, `delete_product`).
//!
//! Spec: "It is mandatory when the license type is a cloud license" and "It should
//! be filled unless there is a special reason" (when empty, the products are
//! deleted from all orders of the customer). So: an error for cloud licences
//! (`LicenseType::is_cloud`), a warning otherwise.

use super::{order, slot, Closed};
use crate::model::{LicenseType, OrderType};
use crate::schema::{index_of, Role, ORDER_FIELDS};
use crate::validate::ctx::Ctx;
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::rule::RuleDef;
use crate::validate::slot::Slot;

/// A cloud licence refund names `srcLicenseOrderId`.
pub(crate) const RULE: super::Rule = super::Rule::SrcLicenseOrderRequired;

/// A refund of a cloud licence has no `srcLicenseOrderId`.
pub(crate) const CODE_SRC_LICENSE_ORDER_REQUIRED: super::CodeDef = super::CodeDef::new(
    super::Code::SrcLicenseOrderRequired,
    "src_license_order_required",
    "`O/srcLicenseOrderId`",
    "`orderType`, `licenseType`",
);

/// The rule `src_license_order_required` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("src_license_order_required", Code::SrcLicenseOrderRequired, Spec, Error, &[
        Message::new(Code::SrcLicenseOrderRequired, "`srcLicenseOrderId` is required for a {orderType} order of cloud licence {licenseType}", "云授权（{licenseType}）的退订订单（{orderType}）必须填写 `srcLicenseOrderId`"),
    ])
    .cross_field()
    .depends(&[
        depends(Some(Role::Order), &["orderType", "licenseType", "srcLicenseOrderId"], &["srcLicenseOrderId"]),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"cloud_account","orderType":"delete_asset","assets":[{"assetNos":["8000000001"]}]}]}"#, "/orderList/0/srcLicenseOrderId"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"cloud_account","orderType":"delete_asset","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"]}]}]}"#),
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"cloud_account","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#),
    ])
    .js(&[Role::Order], include_str!("src_license_order_required.js"))
    .in_schemas(By("if/then on Order"))
};

/// The objects it runs on, when they close.
pub(crate) const CLOSES: &[Role] = &[Role::Order];
const LICENSE_TYPE: usize = index_of(ORDER_FIELDS, "licenseType");
const SRC_LICENSE_ORDER: usize = index_of(ORDER_FIELDS, "srcLicenseOrderId");

/// An order closed.
pub(crate) fn on_close(closed: &mut Closed<'_>, ctx: &mut Ctx<'_>) {
    let license_type: Option<LicenseType> = slot(closed.slots, LICENSE_TYPE).variant();
    check(order::order_type(closed.slots), license_type, slot(closed.slots, SRC_LICENSE_ORDER), ctx);
}

pub(crate) fn check(order_type: Option<OrderType>, license_type: Option<LicenseType>, src: Slot, ctx: &mut Ctx<'_>) {
    let Some(order_type) = order_type.filter(|t| t.is_refund()) else { return };
    if !src.is_missing() {
        return;
    }
    let params = || {
        let p = Params::none().with("orderType", order_type.as_str());
        match license_type {
            Some(l) => p.with("licenseType", l.as_str()),
            None => p,
        }
    };
    let field = "srcLicenseOrderId";
    if license_type.is_some_and(|l| l.is_cloud()) {
        ctx.report_at(field, Rule::SrcLicenseOrderRequired, params);
    } else {
        ctx.report_at(field, Rule::SrcLicenseOrderRecommended, params);
    }
}

/// The objects `testing::make_valid` repairs for this rule (feature `repair`).
#[cfg(feature = "repair")]
pub(crate) const REPAIRS: &[crate::schema::Role] = &[crate::schema::Role::Order];

/// Makes an object true to this rule (`testing::make_valid`).
#[cfg(feature = "repair")]
pub(crate) fn repair(object: &mut serde_json::Value, around: &super::Around<'_>) {
    if around.order_type != "new_buy" && super::is_blank(object.get("srcLicenseOrderId")) {
        object["srcLicenseOrderId"] = serde_json::Value::from("LO-1");
    }
}
