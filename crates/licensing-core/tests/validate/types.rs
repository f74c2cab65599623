//! Type errors are issues at the field's path, collected with everything else.

use crate::support::*;
use licensing_core::wire::Endpoint::*;
use serde_json::json;

#[test]
fn wrong_types_table() {
    let cases = [
        ("/orderList/0/sequence", json!("1"), "integer"),
        ("/orderList/0/sequence", json!(1.5), "integer"),
        ("/orderList/0/customerName", json!(7), "string"),
        ("/orderList/0/assets/0/borrowedUsbKey", json!("true"), "boolean"),
        ("/orderList/0/assets/0/limitStartDate", json!("2024-01-01"), "integer"),
        ("/orderList/0/assets/0/products/0/passwords", json!("pw"), "array"),
        ("/orderList/0/assets/0/products/0/productFeatures", json!({}), "array"),
        ("/orderList/0/assets/0", json!([]), "object"),
        ("/orderList/0/licenseType", json!(3), "string"),
    ];
    for (path, value, expected) in cases {
        let report = run(BatchOrder, &with(new_buy(), path, Some(value.clone())));
        let issue =
            report.issues.iter().find(|i| i.path == path).unwrap_or_else(|| panic!("{path}: {:?}", report.issues));
        assert_eq!(issue.code.as_str(), "type", "{path}");
        assert_eq!(issue.params.get("expected"), Some(expected), "{path}");
    }
}

#[test]
fn all_issues_are_collected_in_one_pass() {
    let mut body = new_buy();
    body["orderList"][0]["sequence"] = json!("one");
    body["orderList"][0]["assets"][0]["assetNos"] = json!(["123", "7000000000"]);
    body["orderList"][0]["customerType"] = json!("Company");
    body["syncMode"] = json!(1);
    // In document order: a serde_json::Value lists its keys sorted.
    check_fail(
        BatchOrder,
        &body,
        &[
            ("/orderList/0/assets/0/assetNos/0", "asset_number_format"),
            ("/orderList/0/assets/0/assetNos/1", "asset_number_partition"),
            ("/orderList/0/customerType", "enum"),
            ("/orderList/0/sequence", "type"),
            ("/syncMode", "type"),
        ],
    );
}

#[test]
fn children_may_be_null_but_not_a_string() {
    let mut body = new_buy();
    body["orderList"][0]["assets"][0]["merchandises"] =
        json!([{"children": "none", "licenseOrderProductList": [product()]}]);
    check_fail(BatchOrder, &body, &[("/orderList/0/assets/0/merchandises/0/children", "type")]);
}

#[test]
fn feature_trial_end_date_takes_a_timestamp_or_a_date_string() {
    let path = "/orderList/0/assets/0/products/0/productFeatures";
    for v in [json!(1700000000000i64), json!("2025-01-01")] {
        check_ok(
            BatchOrder,
            &with(new_buy(), path, Some(json!([{"featureCode": "f", "trial": 1, "trialEndDate": v}]))),
        );
    }
    check_fail(
        BatchOrder,
        &with(new_buy(), path, Some(json!([{"trialEndDate": true}]))),
        &[(&format!("{path}/0/trialEndDate"), "type")],
    );
}

/// The edges of Java's `long` and `integer` as the service reads them
/// (RULES.md, "Integers at their edges"): −2⁶³ and 2⁶³ − 1 are longs, one
/// further is not; an integer written with a fraction (`2.0`) is refused.
#[test]
fn integer_edges() {
    use licensing_core::validate::{validate_json, Options};
    let limit = |value: &str| {
        let text = format!(
            r#"{{"channelCode":"c","channelOrderId":"o","orderList":[{{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{{"assetNos":["8000000001"],"limitStartDate":{value},"products":[{{"productUri":"p"}}]}}]}}]}}"#
        );
        validate_json(BatchOrder, &text, &Options::default()).issues.iter().map(|i| i.code.as_str()).collect::<Vec<_>>()
    };
    assert!(limit("-9223372036854775808").is_empty());
    assert!(limit("9223372036854775807").is_empty());
    assert_eq!(limit("-9223372036854775809"), ["type"]);
    assert_eq!(limit("9223372036854775808"), ["type"]);
    // What JSON.stringify writes for the double −2⁶³: outside the long range.
    assert_eq!(limit("-9223372036854776000"), ["type"]);
    for written in ["2.0", "2e0", "2.5"] {
        let report = validate_json(ShellNums, &format!(r#"{{"size": {written}}}"#), &Options::default());
        assert_eq!(
            (report.issues[0].code.as_str(), report.issues[0].params.get("actual")),
            ("type", Some("number")),
            "{written}"
        );
    }
}
