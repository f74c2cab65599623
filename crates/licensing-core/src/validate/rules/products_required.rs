//! Products by order type.
//!
//! - `products` may be empty or absent only for `delete_asset` (spec, Asset table).
//! - A `new_buy` asset may carry its products directly or inside its merchandise
//!   packages ("products and/or merchandises"), so it needs at least one product
//!   somewhere in that tree.
//! - A `delete_product` asset needs products; each names the product it deletes by
//!   `productUri` (the "product mnemonic" loose matching works on).
//! - A product's `srcLicenseOrderId` (a transfer) is "on new purchase only": a
//!   warning elsewhere, since the service ignores it.

use super::order::{self, OrderFacts};
use super::Closed;
use crate::model::OrderType;
use crate::schema::Role;
use crate::validate::ctx::{Ctx, Seg};
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::rule::RuleDef;
use crate::validate::slot::Slot;

/// `products` may be empty only for `delete_asset`.
pub(crate) const RULE: super::Rule = super::Rule::ProductsRequired;

/// A `new_buy` or `delete_product` asset has no products.
pub(crate) const CODE_PRODUCTS_REQUIRED: super::CodeDef =
    super::CodeDef::new(super::Code::ProductsRequired, "products_required", "`A/products`", "`orderType`");

/// The rule `products_required` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("products_required", Code::ProductsRequired, Spec, Error, &[
        Message::new(Code::ProductsRequired, "A new_buy asset needs products, directly or in its merchandise packages", "new_buy 资产必须直接或在商品包中包含产品").when_order_type(crate::model::OrderType::NewBuy),
        Message::new(Code::ProductsRequired, "A {orderType} asset needs products; only delete_asset may have none", "{orderType} 订单的资产必须包含产品；只有 delete_asset 可以没有产品"),
    ])
    .cross_field()
    .depends(&[
        depends(Some(Role::Order), &["orderType", "assets/*/products", "assets/*/merchandises/**"], &["assets/*/products"]),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"]}]}]}"#, "/orderList/0/assets/0/products"),
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_product","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"],"products":[]}]}]}"#, "/orderList/0/assets/0/products"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_asset","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"]}]}]}"#),
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"delete_asset","srcLicenseOrderId":"L1","assets":[{"assetNos":["8000000001"],"products":[]}]}]}"#),
    ])
    .js(&[Role::Asset], include_str!("products_required.js"))
    .in_schemas(By("if/then on Order, with AssetWithProducts and DeleteProductAsset"))
};

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
    ctx.push(Seg::Key("assets"));
    for (asset, products) in facts.assets_with_products() {
        ctx.push(Seg::Index(asset.index));
        let direct = asset.products.is_non_empty_array();
        let needs_products = match order_type {
            OrderType::DeleteAsset => false,
            OrderType::DeleteProduct => !direct,
            OrderType::NewBuy => !direct && !asset.tree_has_products,
        };
        // A `products` of the wrong type was reported by the walk.
        let wrong_type = !matches!(asset.products, Slot::Absent | Slot::Null | Slot::Array(_));
        if needs_products && !wrong_type {
            ctx.report_at("products", Rule::ProductsRequired, || Params::none().with("orderType", order_type.as_str()));
        }
        if order_type != OrderType::NewBuy {
            ctx.push(Seg::Key("products"));
            for product in products {
                ctx.push(Seg::Index(product.index));
                if order_type == OrderType::DeleteProduct && product.uri.is_missing() {
                    ctx.report_at("productUri", Rule::DeleteProductUri, Params::none);
                }
                if !product.transfer.is_missing() {
                    ctx.report_at("srcLicenseOrderId", Rule::TransferOnlyOnNewBuy, || {
                        Params::none().with("orderType", order_type.as_str())
                    });
                }
                ctx.pop();
            }
            ctx.pop();
        }
        ctx.pop();
    }
    ctx.pop();
}

/// The objects `testing::make_valid` repairs for this rule (feature `repair`).
#[cfg(feature = "repair")]
pub(crate) const REPAIRS: &[crate::schema::Role] = &[crate::schema::Role::Asset];

/// Makes an object true to this rule (`testing::make_valid`).
#[cfg(feature = "repair")]
pub(crate) fn repair(object: &mut serde_json::Value, around: &super::Around<'_>) {
    let empty = |name: &str| object.get(name).is_none_or(|p| p.as_array().is_none_or(Vec::is_empty));
    let wanted = match around.order_type {
        "delete_product" => empty("products"),
        "delete_asset" => false,
        _ => empty("products") && empty("merchandises"),
    };
    if wanted {
        object["products"] = serde_json::json!([{ "productUri": "gms:1" }]);
    }
}
