//! Any other refund should name `srcLicenseOrderId` ("It should be filled unless there is a special reason"): a warning. Its check is `src_license_order_required::check`.

use crate::validate::rule::RuleDef;

/// Any other refund should name `srcLicenseOrderId`.
pub(crate) const RULE: super::Rule = super::Rule::SrcLicenseOrderRecommended;

/// Any other refund has no `srcLicenseOrderId`.
pub(crate) const CODE_SRC_LICENSE_ORDER_RECOMMENDED: super::CodeDef = super::CodeDef::new(
    super::Code::SrcLicenseOrderRecommended,
    "src_license_order_recommended",
    "`O/srcLicenseOrderId`",
    "`orderType`, `licenseType`?",
);

/// The rule `src_license_order_recommended` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("src_license_order_recommended", Code::SrcLicenseOrderRecommended, Spec, Warning, &[
        Message::new(Code::SrcLicenseOrderRecommended, "`srcLicenseOrderId` should be filled: when empty, the {orderType} deletes from all orders of the customer", "建议填写 `srcLicenseOrderId`：为空时将从该客户的所有订单中删除"),
    ])
    .cross_field()
    .depends(&[
        depends(Some(Role::Order), &["orderType", "licenseType", "srcLicenseOrderId"], &["srcLicenseOrderId"]),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_asset","assets":[{"assetNos":["8000000001"]}]}]}"#, "/orderList/0/srcLicenseOrderId"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_asset","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"]}]}]}"#),
    ])
    .in_schemas(No("a warning: the schemas carry errors only"))
};
