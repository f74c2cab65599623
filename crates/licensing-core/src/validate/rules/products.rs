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

use crate::validate::json::{Json, Object};

use super::{objects, OrderFacts};
use crate::model::OrderType;
use crate::validate::ctx::{Ctx, Seg};
use crate::validate::report::{Code, Params};
use crate::validate::walk::MAX_DEPTH;

fn non_empty_array(v: Option<&Json<'_>>) -> bool {
    v.and_then(Json::as_array).is_some_and(|a| !a.is_empty())
}

/// Whether a merchandise tree lists at least one product, following `children`
/// with an explicit stack (no recursion) up to the walk's depth bound.
pub(crate) fn tree_has_products(merchandises: Option<&Json<'_>>) -> bool {
    let mut stack: Vec<(&Json<'_>, usize)> = merchandises.map(|m| (m, 0)).into_iter().collect();
    while let Some((list, depth)) = stack.pop() {
        let Some(list) = list.as_array() else { continue };
        for m in list.iter().filter_map(Json::as_object) {
            if non_empty_array(m.get("licenseOrderProductList")) {
                return true;
            }
            if let Some(children) = m.get("children").filter(|_| depth < MAX_DEPTH) {
                stack.push((children, depth + 1));
            }
        }
    }
    false
}

pub(crate) fn check<'a>(order: &'a Object<'a>, facts: &OrderFacts, ctx: &mut Ctx<'a>) {
    let Some(order_type) = facts.order_type else { return };
    ctx.push(Seg::Key("assets"));
    for (j, asset) in objects(order, "assets") {
        ctx.push(Seg::Index(j));
        let products = asset.get("products");
        let needs_products = match order_type {
            OrderType::DeleteAsset => false,
            OrderType::DeleteProduct => !non_empty_array(products),
            OrderType::NewBuy => !non_empty_array(products) && !tree_has_products(asset.get("merchandises")),
        };
        // A `products` of the wrong type was reported by the walk.
        if needs_products && !products.is_some_and(|p| !p.is_null() && !p.is_array()) {
            ctx.error_at("products", Code::ProductsRequired, || Params::none().with("orderType", order_type.as_str()));
        }
        if order_type != OrderType::NewBuy {
            ctx.push(Seg::Key("products"));
            for (k, product) in objects(asset, "products") {
                ctx.push(Seg::Index(k));
                if order_type == OrderType::DeleteProduct
                    && super::src_license_order::is_missing(product.get("productUri"))
                {
                    ctx.error_at("productUri", Code::Required, Params::none);
                }
                if !super::src_license_order::is_missing(product.get("srcLicenseOrderId")) {
                    ctx.at(Seg::Key("srcLicenseOrderId"), |ctx| {
                        ctx.warning(Code::TransferOnlyOnNewBuy, || Params::none().with("orderType", order_type.as_str()))
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
