//! `srcLicenseOrderId` on refund orders (`delete_asset`, `delete_product`).
//!
//! Spec: "It is mandatory when the license type is a cloud license" and "It should
//! be filled unless there is a special reason" (when empty, the products are
//! deleted from all orders of the customer). So: an error for cloud licences
//! (`cloud_account`, `cloud_customer`, `cloud_personal`), a warning otherwise.

use crate::validate::json::{Json, Object};

use super::OrderFacts;
use crate::validate::ctx::Ctx;
use crate::validate::report::{Code, Params};

/// Absent, null or blank.
pub(crate) fn is_missing(v: Option<&Json<'_>>) -> bool {
    match v {
        None | Some(Json::Null) => true,
        Some(Json::Str(s)) => s.trim().is_empty(),
        Some(_) => false,
    }
}

pub(crate) fn check<'a>(order: &'a Object<'a>, facts: &OrderFacts, ctx: &mut Ctx<'a>) {
    let Some(order_type) = facts.order_type.filter(|t| t.is_refund()) else { return };
    if !is_missing(order.get("srcLicenseOrderId")) {
        return;
    }
    let params = || {
        let p = Params::none().with("orderType", order_type.as_str());
        match facts.license_type {
            Some(l) => p.with("licenseType", l.as_str()),
            None => p,
        }
    };
    let field = "srcLicenseOrderId";
    if facts.license_type.is_some_and(|l| l.is_cloud()) {
        ctx.error_at(field, Code::SrcLicenseOrderRequired, params);
    } else {
        ctx.at(crate::validate::ctx::Seg::Key(field), |ctx| ctx.warning(Code::SrcLicenseOrderRecommended, params));
    }
}
