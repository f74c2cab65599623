//! The facts an order's cross-field rules need, gathered while the order is read
//! (its assets and products close before it does, and `orderType` may come after
//! them in the text), and the rules run when the order closes.

use super::{products_required, slot, src_license_order_required, strict_match_fields, unique_sequence};
use crate::model::{LicenseType, OrderType};
use crate::schema::{index_of, ASSET_FIELDS, ORDER_FIELDS, PRODUCT_FIELDS};
use crate::validate::ctx::Ctx;
use crate::validate::slot::Slot;

const SEQUENCE: usize = index_of(ORDER_FIELDS, "sequence");
const ORDER_TYPE: usize = index_of(ORDER_FIELDS, "orderType");
const LICENSE_TYPE: usize = index_of(ORDER_FIELDS, "licenseType");
const SRC_LICENSE_ORDER: usize = index_of(ORDER_FIELDS, "srcLicenseOrderId");
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

/// An order closed: its cross-field rules, at its path.
pub(crate) fn order_closed(slots: &[Slot], state: &mut super::RuleState, ctx: &mut Ctx<'_>) {
    let facts = &mut state.order;
    unique_sequence::check(slot(slots, SEQUENCE), ctx.index_at(0), &mut state.sequences, ctx);
    let order_type: Option<OrderType> = slot(slots, ORDER_TYPE).variant();
    let license_type: Option<LicenseType> = slot(slots, LICENSE_TYPE).variant();
    src_license_order_required::check(order_type, license_type, slot(slots, SRC_LICENSE_ORDER), ctx);
    if let Some(order_type) = order_type {
        products_required::check(order_type, facts, ctx);
        strict_match_fields::check(order_type, facts, ctx);
    }
    // Keep the buffers for the next order.
    facts.assets.clear();
    facts.products.clear();
}
