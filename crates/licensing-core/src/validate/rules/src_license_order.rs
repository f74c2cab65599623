//! `srcLicenseOrderId` on refund orders (`delete_asset`, `delete_product`).
//!
//! Spec: "It is mandatory when the license type is a cloud license" and "It should
//! be filled unless there is a special reason" (when empty, the products are
//! deleted from all orders of the customer). So: an error for cloud licences
//! (`cloud_account`, `cloud_customer`, `cloud_personal`), a warning otherwise.

use crate::model::{LicenseType, OrderType};
use crate::validate::ctx::Ctx;
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::slot::Slot;

pub(crate) fn check(order_type: Option<OrderType>, license_type: Option<LicenseType>, src: Slot, ctx: &mut Ctx<'_>) {
    let Some(order_type) = order_type.filter(|t| t.is_refund()) else { return };
    if !src.is_missing() {
        return;
    }
    let params = || {
        let p = Params::none().with("orderType", order_type.as_str());
        match license_type {
            Some(l) => p.with("licenseType", l.as_str()),
            None => p,
        }
    };
    let field = "srcLicenseOrderId";
    if license_type.is_some_and(|l| l.is_cloud()) {
        ctx.report_at(field, Rule::SrcLicenseOrderRequired, params);
    } else {
        ctx.report_at(field, Rule::SrcLicenseOrderRecommended, params);
    }
}
