//! A `delete_product` product names its `productUri` (the product deleted). Its check is in `products_required::check`.

use crate::validate::rule::RuleDef;

/// A `delete_product` product names its `productUri`.
pub(crate) const RULE: super::Rule = super::Rule::DeleteProductUri;

/// The rule `delete_product_uri` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("delete_product_uri", Code::Required, Inferred, Error, super::required::MESSAGES)
    .cross_field()
    .depends(&[
        depends(Some(Role::Order), &["orderType", "assets/*/products/*/productUri"], &["assets/*/products/*/productUri"]),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_product","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"],"products":[{"crmProductId":"c"}]}]}]}"#, "/orderList/0/assets/0/products/0/productUri"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_product","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","crmProductId":"c"}]}]}]}"#),
    ])
    .js(&[Role::Product], include_str!("delete_product_uri.js"))
    .in_schemas(By("if/then on Order, with DeletedProduct"))
};

/// The objects `testing::make_valid` repairs for this rule (feature `repair`).
#[cfg(feature = "repair")]
pub(crate) const REPAIRS: &[crate::schema::Role] = &[crate::schema::Role::Product];

/// Makes an object true to this rule (`testing::make_valid`).
#[cfg(feature = "repair")]
pub(crate) fn repair(object: &mut serde_json::Value, around: &super::Around<'_>) {
    if around.order_type == "delete_product" && super::is_blank(object.get("productUri")) {
        object["productUri"] = serde_json::Value::from("gms:1");
    }
}
