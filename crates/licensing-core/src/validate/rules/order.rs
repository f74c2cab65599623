//! The facts an order's cross-field rules need, gathered while the order is read
//! (its assets and products close before it does, and `orderType` may come after
//! them in the text). The rules themselves run when the order closes, each from
//! its own file (`on_close`).

use super::slot;
use crate::model::OrderType;
use crate::schema::{index_of, ASSET_FIELDS, ORDER_FIELDS, PRODUCT_FIELDS};
use crate::validate::ctx::Ctx;
use crate::validate::slot::Slot;

const ORDER_TYPE: usize = index_of(ORDER_FIELDS, "orderType");
const ASSET_PRODUCTS: usize = index_of(ASSET_FIELDS, "products");
const PRODUCT_URI: usize = index_of(PRODUCT_FIELDS, "productUri");
const PRODUCT_TRANSFER: usize = index_of(PRODUCT_FIELDS, "srcLicenseOrderId");
const PRODUCT_STRICT: usize = index_of(PRODUCT_FIELDS, "strictMatchWhenDelete");
const PRODUCT_MATCHED: [usize; 3] = [
    index_of(PRODUCT_FIELDS, "limitStartDate"),
    index_of(PRODUCT_FIELDS, "limitEndDate"),
    index_of(PRODUCT_FIELDS, "limitConcurrent"),
];

/// An asset (an object in the order's `assets`).
pub(crate) struct AssetFacts {
    pub(crate) index: usize,
    /// Its `products` field.
    pub(crate) products: Slot,
    /// Whether its merchandise tree lists products anywhere.
    pub(crate) tree_has_products: bool,
    /// Its products are `OrderFacts::products[previous asset's end..products_end]`.
    pub(crate) products_end: usize,
}

/// A product directly in an asset's `products`.
pub(crate) struct ProductFacts {
    pub(crate) index: usize,
    pub(crate) uri: Slot,
    /// Its `srcLicenseOrderId` (a transfer).
    pub(crate) transfer: Slot,
    pub(crate) strict: Slot,
    /// `limitStartDate`, `limitEndDate`, `limitConcurrent`.
    pub(crate) matched: [Slot; 3],
}

/// What the order being read has shown so far.
#[derive(Default)]
pub(crate) struct OrderFacts {
    pub(crate) assets: Vec<AssetFacts>,
    pub(crate) products: Vec<ProductFacts>,
}

impl OrderFacts {
    /// Each asset with its products, in order.
    pub(crate) fn assets_with_products(&self) -> impl Iterator<Item = (&AssetFacts, &[ProductFacts])> {
        let mut start = 0;
        self.assets.iter().map(move |asset| {
            let products = self.products.get(start..asset.products_end).unwrap_or_default();
            start = asset.products_end;
            (asset, products)
        })
    }
}

/// A product closed: kept when it sits directly in an asset's `products`.
pub(crate) fn product_closed(slots: &[Slot], order: &mut OrderFacts, ctx: &Ctx<'_>) {
    if ctx.key_at(1) != Some("products") {
        return;
    }
    let Some(index) = ctx.index_at(0) else { return };
    let facts = ProductFacts {
        index,
        uri: slot(slots, PRODUCT_URI),
        transfer: slot(slots, PRODUCT_TRANSFER),
        strict: slot(slots, PRODUCT_STRICT),
        matched: PRODUCT_MATCHED.map(|i| slot(slots, i)),
    };
    order.products.push(facts);
}

/// An asset closed.
pub(crate) fn asset_closed(slots: &[Slot], tree_has_products: bool, order: &mut OrderFacts, ctx: &Ctx<'_>) {
    let Some(index) = ctx.index_at(0) else { return };
    let products_end = order.products.len();
    order.assets.push(AssetFacts { index, products: slot(slots, ASSET_PRODUCTS), tree_has_products, products_end });
}

/// An order's `orderType`, when it is one of the enumeration's.
pub(crate) fn order_type(order_slots: &[Slot]) -> Option<OrderType> {
    slot(order_slots, ORDER_TYPE).variant()
}

/// An order closed and its rules ran: the buffers are kept for the next order.
pub(crate) fn order_done(order: &mut OrderFacts) {
    order.assets.clear();
    order.products.clear();
}
