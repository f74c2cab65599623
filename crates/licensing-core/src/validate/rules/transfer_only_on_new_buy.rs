//! A product transfer (its `srcLicenseOrderId`) appears on `new_buy` only ("on new purchase only"): a warning elsewhere. Its check is in `products_required::check`.

use crate::validate::rule::RuleDef;

/// A product transfer appears on `new_buy` only.
pub(crate) const RULE: super::Rule = super::Rule::TransferOnlyOnNewBuy;

/// A product transfer appears outside `new_buy`.
pub(crate) const CODE_TRANSFER_ONLY_ON_NEW_BUY: super::CodeDef = super::CodeDef::new(
    super::Code::TransferOnlyOnNewBuy,
    "transfer_only_on_new_buy",
    "`A/products/{k}/srcLicenseOrderId`",
    "`orderType`",
);

/// The rule `transfer_only_on_new_buy` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("transfer_only_on_new_buy", Code::TransferOnlyOnNewBuy, Spec, Warning, &[
        Message::new(Code::TransferOnlyOnNewBuy, "A product's `srcLicenseOrderId` (transfer) applies to new_buy only; it is ignored in {orderType}", "产品的 `srcLicenseOrderId`（转移）仅用于 new_buy，在 {orderType} 中会被忽略"),
    ])
    .cross_field()
    .depends(&[
        depends(Some(Role::Order), &["orderType", "assets/*/products/*/srcLicenseOrderId"], &["assets/*/products/*/srcLicenseOrderId"]),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_product","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","srcLicenseOrderId":"L0"}]}]}]}"#, "/orderList/0/assets/0/products/0/srcLicenseOrderId"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","srcLicenseOrderId":"L0"}]}]}]}"#),
    ])
    .js(&[Role::Product], include_str!("transfer_only_on_new_buy.js"))
    .in_schemas(No("a warning: the schemas carry errors only"))
};

/// The objects `testing::make_valid` repairs for this rule (feature `repair`).
#[cfg(feature = "repair")]
pub(crate) const REPAIRS: &[crate::schema::Role] = &[crate::schema::Role::Product];

/// Makes an object true to this rule (`testing::make_valid`).
#[cfg(feature = "repair")]
pub(crate) fn repair(object: &mut serde_json::Value, around: &super::Around<'_>) {
    if around.order_type != "new_buy" {
        if let Some(product) = object.as_object_mut() {
            product.remove("srcLicenseOrderId");
        }
    }
}
