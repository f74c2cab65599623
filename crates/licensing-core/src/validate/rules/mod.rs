//! The rules, one per file. Format rules are called by the walker for one value;
//! object rules run on an object after its fields; `batch_order` runs the
//! cross-field rules of the batch order over its orders.

pub(crate) mod asset_number;
pub(crate) mod duration;
pub(crate) mod email;
pub(crate) mod limit_range;
pub(crate) mod merchandise_leaf;
pub(crate) mod products;
pub(crate) mod sequence;
pub(crate) mod src_license_order;
pub(crate) mod strict_match;
pub(crate) mod suggest;

use crate::validate::json::{Json, Object};

use super::ctx::{Ctx, Seg};
use crate::model::{LicenseType, OrderType};

/// What the cross-field rules know of one order: its parsed types (None when
/// absent or invalid: the walk already reported that, and rules that depend on
/// them stay silent rather than guess).
pub(crate) struct OrderFacts {
    pub(crate) order_type: Option<OrderType>,
    pub(crate) license_type: Option<LicenseType>,
}

/// Cross-field rules of a batch order body.
pub(crate) fn batch_order<'a>(body: &'a Object<'a>, ctx: &mut Ctx<'a>) {
    let Some(orders) = body.get("orderList").and_then(Json::as_array) else { return };
    ctx.push(Seg::Key("orderList"));
    sequence::check(orders, ctx);
    for (i, order) in orders.iter().enumerate() {
        let Some(order) = order.as_object() else { continue };
        let enum_of = |key: &str| order.get(key).and_then(Json::as_str);
        let facts = OrderFacts {
            order_type: enum_of("orderType").and_then(|s| s.parse().ok()),
            license_type: enum_of("licenseType").and_then(|s| s.parse().ok()),
        };
        ctx.push(Seg::Index(i));
        src_license_order::check(order, &facts, ctx);
        products::check(order, &facts, ctx);
        strict_match::check(order, &facts, ctx);
        ctx.pop();
    }
    ctx.pop();
}

/// The objects of an array field, with their indices (non-objects skipped: the
/// walk reported them).
pub(crate) fn objects<'a>(
    map: &'a Object<'a>,
    key: &str,
) -> impl Iterator<Item = (usize, &'a Object<'a>)> {
    map.get(key)
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, v)| v.as_object().map(|m| (i, m)))
}
