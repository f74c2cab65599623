//! The rules, one per file. Format rules are called by the walk for one value;
//! object rules run when an object closes, on the [`Slot`]s of its fields; the
//! cross-field rules of an order run when the order closes, on the facts its
//! assets and products left (`order.rs`).

pub(crate) mod asset_number;
pub(crate) mod duration;
pub(crate) mod email;
pub(crate) mod enums;
pub(crate) mod limit_range;
pub(crate) mod merchandise_leaf;
pub(crate) mod order;
pub(crate) mod products;
pub(crate) mod sequence;
pub(crate) mod src_license_order;
pub(crate) mod strict_match;
pub(crate) mod suggest;

use super::ctx::Ctx;
use super::slot::Slot;
use crate::schema::{index_of, Role, ASSET_FIELDS, PRODUCT_FIELDS};

const ASSET_START: usize = index_of(ASSET_FIELDS, "limitStartDate");
const ASSET_END: usize = index_of(ASSET_FIELDS, "limitEndDate");
const PRODUCT_START: usize = index_of(PRODUCT_FIELDS, "limitStartDate");
const PRODUCT_END: usize = index_of(PRODUCT_FIELDS, "limitEndDate");

/// The field's slot (absent for an index past the table, which the compile-time
/// indices above cannot be).
pub(crate) fn slot(slots: &[Slot], index: usize) -> Slot {
    slots.get(index).copied().unwrap_or_default()
}

/// Runs the rules of an object that just closed, at its path. Returns whether it
/// lists products anywhere in its merchandise tree (`nested_products`: whether
/// its fields' objects do).
pub(crate) fn on_close(role: Role, slots: &[Slot], nested_products: bool, ctx: &mut Ctx<'_>) -> bool {
    match role {
        Role::Plain => false,
        Role::Asset => {
            limit_range::check(slot(slots, ASSET_START), slot(slots, ASSET_END), ctx);
            order::asset_closed(slots, nested_products, ctx);
            false
        }
        Role::Product => {
            limit_range::check(slot(slots, PRODUCT_START), slot(slots, PRODUCT_END), ctx);
            order::product_closed(slots, ctx);
            false
        }
        Role::Merchandise => merchandise_leaf::check(slots, nested_products, ctx),
        Role::Order => {
            order::order_closed(slots, ctx);
            false
        }
    }
}
