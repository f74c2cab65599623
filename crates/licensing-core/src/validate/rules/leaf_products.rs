//! A lowest-level merchandise (`children` null, absent or empty) lists its products
//! in `licenseOrderProductList`, which must then be non-empty.

use super::{slot, Closed};
use crate::schema::Role;
use crate::validate::ctx::Ctx;
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::rule::RuleDef;
use crate::validate::slot::Slot;

/// A lowest-level merchandise lists products.
pub(crate) const RULE: super::Rule = super::Rule::LeafProducts;

/// A lowest-level merchandise lists no products.
pub(crate) const CODE_LEAF_PRODUCTS_REQUIRED: super::CodeDef = super::CodeDef::new(
    super::Code::LeafProductsRequired,
    "leaf_products_required",
    "`M/licenseOrderProductList`",
    "—",
);

/// The rule `leaf_products` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("leaf_products", Code::LeafProductsRequired, Spec, Error, &[
        Message::new(Code::LeafProductsRequired, "A lowest-level merchandise (children null) needs products in `licenseOrderProductList`", "最底层商品包（children 为 null）必须在 `licenseOrderProductList` 中包含产品"),
    ])
    .cross_field()
    .depends(&[
        depends(Some(Role::Merchandise), &["children", "licenseOrderProductList"], &["licenseOrderProductList"]),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}],"merchandises":[{"merchandiseNum":"m","children":null}]}]}]}"#, "/orderList/0/assets/0/merchandises/0/licenseOrderProductList"),
        // A leaf deeper down (its parent has children, so is no leaf).
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}],"merchandises":[{"merchandiseNum":"m","children":[{"merchandiseNum":"m1","children":null}]}]}]}]}"#, "/orderList/0/assets/0/merchandises/0/children/0/licenseOrderProductList"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}],"merchandises":[{"merchandiseNum":"m","children":[{"merchandiseNum":"m1","children":null,"licenseOrderProductList":[{"productUri":"p"}]}]}]}]}]}"#),
    ])
    .js(&[Role::Merchandise], include_str!("leaf_products.js"))
    .in_schemas(By("if/then on Merchandise"))
    // A lowest-level package (children absent, null or []) lists products.
    .schema(Role::Merchandise, r#"{
        "if": {"properties": {"children": {"anyOf": [{"type": "null"}, {"type": "array", "items": {}, "maxItems": 0}]}}},
        "then": {"required": ["licenseOrderProductList"],
            "properties": {"licenseOrderProductList": {"type": "array", "items": {}, "minItems": 1}}}
    }"#)
};

// Fixed by hand (checked by the test below): the merchandise table refers to
// itself through `children`, so it is a static, which `index_of` cannot read.
const CHILDREN: usize = 6;
const PRODUCTS: usize = 7;

/// The objects it runs on, when they close.
pub(crate) const CLOSES: &[Role] = &[Role::Merchandise];

/// A package closed: a leaf must list products.
pub(crate) fn on_close(closed: &mut Closed<'_>, ctx: &mut Ctx<'_>) {
    let leaf = matches!(slot(closed.slots, CHILDREN), Slot::Absent | Slot::Null | Slot::Array(0));
    // A `licenseOrderProductList` of a wrong type was reported by the walk.
    let has_products = !matches!(slot(closed.slots, PRODUCTS), Slot::Absent | Slot::Null | Slot::Array(0));
    if leaf && !has_products {
        ctx.report_at("licenseOrderProductList", Rule::LeafProducts, Params::none);
    }
}

/// Whether a package that closed, or a package below it, lists products
/// (`children_products`: whether a package below does): a fact for its asset
/// (`products_required`), not a rule.
pub(crate) fn lists_products(slots: &[Slot], children_products: bool) -> bool {
    slot(slots, PRODUCTS).is_non_empty_array() || children_products
}

/// The objects `testing::make_valid` repairs for this rule (feature `repair`).
#[cfg(feature = "repair")]
pub(crate) const REPAIRS: &[crate::schema::Role] = &[crate::schema::Role::Merchandise];

/// Makes an object true to this rule (`testing::make_valid`).
#[cfg(feature = "repair")]
pub(crate) fn repair(object: &mut serde_json::Value, _around: &super::Around<'_>) {
    let empty = |name: &str| object.get(name).is_none_or(|v| v.as_array().is_none_or(Vec::is_empty));
    if empty("children") && empty("licenseOrderProductList") {
        object["licenseOrderProductList"] = serde_json::json!([{ "productUri": "gms:2" }]);
    }
}

#[cfg(test)]
mod tests {
    use crate::schema::MERCHANDISE_FIELDS;

    #[test]
    fn field_indices_match_the_table() {
        assert_eq!(MERCHANDISE_FIELDS[super::CHILDREN].name, "children");
        assert_eq!(MERCHANDISE_FIELDS[super::PRODUCTS].name, "licenseOrderProductList");
    }
}
