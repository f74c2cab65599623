//! The cross-field rules of the batch order.

use crate::support::*;
use licensing_core::model::{LicenseType, WireEnum};
use licensing_core::wire::Endpoint::BatchOrder;
use serde_json::json;

/// The licence types, cloud or not as `LicenseType::is_cloud` says (every value
/// classified there), which is the spec's `cloud_*` family.
fn license_types(cloud: bool) -> impl Iterator<Item = &'static str> {
    LicenseType::ALL.iter().filter(move |t| t.is_cloud() == cloud).map(|t| t.as_str())
}

#[test]
fn the_cloud_licences_are_the_cloud_family() {
    for t in LicenseType::ALL {
        assert_eq!(t.is_cloud(), t.as_str().starts_with("cloud_"), "{}", t.as_str());
    }
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
fn a_leaf_merchandise_needs_products() {
    let mut body = new_buy();
    body["orderList"][0]["assets"][0]["merchandises"] = json!([
        {"merchandiseNum": "M1", "children": [{"merchandiseNum": "M1.1", "children": null}]},
        {"merchandiseNum": "M2", "licenseOrderProductList": []}
    ]);
    check_fail(
        BatchOrder,
        &body,
        &[
            ("/orderList/0/assets/0/merchandises/0/children/0/licenseOrderProductList", "leaf_products_required"),
            ("/orderList/0/assets/0/merchandises/1/licenseOrderProductList", "leaf_products_required"),
        ],
    );
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

#[test]
fn a_delete_product_names_its_product() {
    let body = with(refund("delete_product", "softkey"), "/orderList/0/assets/0/products/0/productUri", None);
    check_fail(BatchOrder, &body, &[("/orderList/0/assets/0/products/0/productUri", "required")]);
}

#[test]
fn product_transfer_only_on_new_buy() {
    let path = "/orderList/0/assets/0/products/0/srcLicenseOrderId";
    check_ok(BatchOrder, &with(new_buy(), path, Some(json!("LO-9"))));
    check_warn(
        BatchOrder,
        &with(refund("delete_product", "softkey"), path, Some(json!("LO-9"))),
        &[(path, "transfer_only_on_new_buy")],
    );
}

#[test]
fn sequence_is_unique_within_order_list() {
    let mut body = new_buy();
    let order = body["orderList"][0].clone();
    let mut second = order.clone();
    second["sequence"] = json!(2);
    body["orderList"] = json!([order.clone(), second, order]);
    check_fail(BatchOrder, &body, &[("/orderList/2/sequence", "duplicate_sequence")]);
}

#[test]
fn a_limit_end_before_its_start_is_an_error_at_the_end() {
    let asset = "/orderList/0/assets/0";
    check_fail(
        BatchOrder,
        &with(new_buy(), &format!("{asset}/limitEndDate"), Some(json!(1))),
        &[(&format!("{asset}/limitEndDate"), "limit_end_before_start")],
    );
    let p = format!("{asset}/products/0/limitEndDate");
    check_fail(BatchOrder, &with(new_buy(), &p, Some(json!(1))), &[(&p, "limit_end_before_start")]);
    // Equal is fine.
    check_ok(BatchOrder, &with(new_buy(), &p, Some(json!(1700000000000i64))));
}

#[test]
fn time_duration_expression_is_y_m_d() {
    let path = "/orderList/0/assets/0/products/0/timeDurationExpression";
    for ok in ["1-0-0", "0-6-15", "10-11-30"] {
        check_ok(BatchOrder, &with(new_buy(), path, Some(json!(ok))));
    }
    for bad in ["1y", "1-0", "1-0-0-0", "a-b-c", "-1-0-0", "1--0", " 1-0-0", "P1Y"] {
        check_fail(BatchOrder, &with(new_buy(), path, Some(json!(bad))), &[(path, "duration_expression")]);
    }
}

#[test]
fn arrays_that_must_not_be_empty() {
    for path in ["/orderList", "/orderList/0/assets", "/orderList/0/assets/0/assetNos"] {
        check_fail(BatchOrder, &with(new_buy(), path, Some(json!([]))), &[(path, "empty")]);
    }
}

#[test]
fn order_type_and_license_type_are_required() {
    for field in ["orderType", "licenseType", "sequence"] {
        let path = format!("/orderList/0/{field}");
        check_fail(BatchOrder, &with(new_buy(), &path, None), &[(&path, "required")]);
    }
}

#[test]
fn admin_email_is_checked_as_a_warning() {
    let path = "/orderList/0/adminEmail";
    for bad in ["admin", "admin@", "@acme.example", "a b@acme.example", "admin@acme"] {
        check_warn(BatchOrder, &with(new_buy(), path, Some(json!(bad))), &[(path, "email")]);
    }
}
