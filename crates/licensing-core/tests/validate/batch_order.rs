//! The cross-field rules of the batch order swept over every licence and order
//! type (each rule's own cases, failing and passing, are in its file).

use crate::support::*;
use licensing_core::model::{LicenseType, WireEnum};
use licensing_core::wire::Endpoint::BatchOrder;
use serde_json::json;

/// The licence types, cloud or not as `LicenseType::is_cloud` says (every value
/// classified there; schema/enums.rs's test holds it to the spec's `cloud_*` family).
fn license_types(cloud: bool) -> impl Iterator<Item = &'static str> {
    LicenseType::ALL.iter().filter(move |t| t.is_cloud() == cloud).map(|t| t.as_str())
}

#[test]
fn src_license_order_id_is_mandatory_for_cloud_refunds() {
    for lt in license_types(true) {
        for ot in ["delete_asset", "delete_product"] {
            let body = refund(ot, lt);
            check_ok(BatchOrder, &body);
            for missing in [None, Some(json!("")), Some(json!(null))] {
                check_fail(
                    BatchOrder,
                    &with(body.clone(), "/orderList/0/srcLicenseOrderId", missing),
                    &[("/orderList/0/srcLicenseOrderId", "src_license_order_required")],
                );
            }
        }
        // new_buy of a cloud licence: not a refund, nothing required.
        let mut body = new_buy();
        body["orderList"][0]["licenseType"] = json!(lt);
        check_ok(BatchOrder, &body);
    }
}

#[test]
fn src_license_order_id_is_recommended_on_other_refunds() {
    for lt in license_types(false) {
        for ot in ["delete_asset", "delete_product"] {
            let body = with(refund(ot, lt), "/orderList/0/srcLicenseOrderId", None);
            check_warn(BatchOrder, &body, &[("/orderList/0/srcLicenseOrderId", "src_license_order_recommended")]);
        }
    }
}

#[test]
fn products_may_be_absent_only_for_delete_asset() {
    let path = "/orderList/0/assets/0/products";
    for empty in [None, Some(json!([]))] {
        check_ok(BatchOrder, &with(refund("delete_asset", "softkey"), path, empty.clone()));
        check_fail(
            BatchOrder,
            &with(refund("delete_product", "softkey"), path, empty.clone()),
            &[(path, "products_required")],
        );
        check_fail(BatchOrder, &with(new_buy(), path, empty), &[(path, "products_required")]);
    }
}

#[test]
fn a_new_buy_asset_may_carry_its_products_in_merchandise() {
    let path = "/orderList/0/assets/0";
    let tree = json!([{"merchandiseNum": "M1", "children": [
        {"merchandiseNum": "M1.1", "children": null, "licenseOrderProductList": [product()]}
    ]}]);
    let mut body = with(new_buy(), &format!("{path}/products"), None);
    body["orderList"][0]["assets"][0]["merchandises"] = tree;
    check_ok(BatchOrder, &body);
}

#[test]
fn strict_match_delete_needs_the_matched_fields() {
    let base = with(
        refund("delete_product", "softkey"),
        "/orderList/0/assets/0/products/0/strictMatchWhenDelete",
        Some(json!(true)),
    );
    check_ok(BatchOrder, &base);
    for field in ["limitStartDate", "limitEndDate", "limitConcurrent"] {
        let path = format!("/orderList/0/assets/0/products/0/{field}");
        check_fail(BatchOrder, &with(base.clone(), &path, None), &[(&path, "strict_match_field_required")]);
    }
    // Loose matching (false or absent) needs none of them.
    let mut loose = with(
        refund("delete_product", "softkey"),
        "/orderList/0/assets/0/products/0",
        Some(json!({"productUri": "gms:1"})),
    );
    check_ok(BatchOrder, &loose);
    loose["orderList"][0]["assets"][0]["products"][0]["strictMatchWhenDelete"] = json!(false);
    check_ok(BatchOrder, &loose);
}
