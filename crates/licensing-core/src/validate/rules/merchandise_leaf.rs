//! A lowest-level merchandise (`children` null, absent or empty) lists its products
//! in `licenseOrderProductList`, which must then be non-empty.

use crate::validate::json::{Json, Object};

use crate::validate::ctx::Ctx;
use crate::validate::report::{Code, Params};

/// True when the package has no lower-level packages.
pub(crate) fn is_leaf(m: &Object<'_>) -> bool {
    match m.get("children") {
        None | Some(Json::Null) => true,
        Some(Json::Array(a)) => a.is_empty(),
        Some(_) => false,
    }
}

pub(crate) fn check<'a>(m: &'a Object<'a>, ctx: &mut Ctx<'a>) {
    if !is_leaf(m) {
        return;
    }
    let has_products = match m.get("licenseOrderProductList") {
        Some(Json::Array(a)) => !a.is_empty(),
        // A wrong type was reported by the walk.
        Some(Json::Null) | None => false,
        Some(_) => true,
    };
    if !has_products {
        ctx.error_at("licenseOrderProductList", Code::LeafProductsRequired, Params::none);
    }
}
