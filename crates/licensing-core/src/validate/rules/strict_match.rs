//! `delete_product` with `strictMatchWhenDelete: true` matches `limitStartDate`,
//! `limitEndDate` and `limitConcurrent` exactly against the existing product, so
//! each must be present (error at the missing field).

use crate::validate::json::{Json, Object};

use super::{objects, OrderFacts};
use crate::model::OrderType;
use crate::validate::ctx::{Ctx, Seg};
use crate::validate::report::{Code, Params};

/// The fields a strict-match delete is matched on.
pub const STRICT_MATCH_FIELDS: [&str; 3] = ["limitStartDate", "limitEndDate", "limitConcurrent"];

pub(crate) fn check<'a>(order: &'a Object<'a>, facts: &OrderFacts, ctx: &mut Ctx<'a>) {
    if facts.order_type != Some(OrderType::DeleteProduct) {
        return;
    }
    ctx.push(Seg::Key("assets"));
    for (j, asset) in objects(order, "assets") {
        ctx.push(Seg::Index(j));
        ctx.push(Seg::Key("products"));
        for (k, product) in objects(asset, "products") {
            if product.get("strictMatchWhenDelete").and_then(Json::as_bool) != Some(true) {
                continue;
            }
            ctx.push(Seg::Index(k));
            for field in STRICT_MATCH_FIELDS {
                if product.get(field).is_none_or(Json::is_null) {
                    ctx.error_at(field, Code::StrictMatchFieldRequired, Params::none);
                }
            }
            ctx.pop();
        }
        ctx.pop();
        ctx.pop();
    }
    ctx.pop();
}
