//! `check_ok` / `check_fail` helpers and a valid batch order to mutate, built on
//! `testing::make_valid` (a rule that tightens validity keeps them valid with its
//! own `repair`: no edit here).

use licensing_core::testing::make_valid;
use licensing_core::validate::{validate, Options, Report, Severity};
use licensing_core::wire::Endpoint;
use serde_json::{json, Value};

pub(crate) fn run(endpoint: Endpoint, body: &Value) -> Report {
    validate(endpoint, body, &Options::default())
}

fn pairs(report: &Report, severity: Severity) -> Vec<(String, String)> {
    report
        .issues
        .iter()
        .filter(|i| i.severity == severity)
        .map(|i| (i.path.clone(), i.code.as_str().to_owned()))
        .collect()
}

/// Valid, without errors or warnings.
#[track_caller]
pub(crate) fn check_ok(endpoint: Endpoint, body: &Value) {
    let report = run(endpoint, body);
    assert!(report.valid && report.issues.is_empty(), "expected no issues for {body}, got {:#?}", report.issues);
}

/// Exactly these errors (path, code), in order.
#[track_caller]
pub(crate) fn check_fail(endpoint: Endpoint, body: &Value, expected: &[(&str, &str)]) {
    let report = run(endpoint, body);
    let expected: Vec<(String, String)> = expected.iter().map(|(p, c)| (p.to_string(), c.to_string())).collect();
    assert!(!report.valid, "expected invalid: {body}");
    assert_eq!(pairs(&report, Severity::Error), expected, "errors of {body}");
}

/// Valid, with exactly these warnings.
#[track_caller]
pub(crate) fn check_warn(endpoint: Endpoint, body: &Value, expected: &[(&str, &str)]) {
    let report = run(endpoint, body);
    let expected: Vec<(String, String)> = expected.iter().map(|(p, c)| (p.to_string(), c.to_string())).collect();
    assert!(report.valid, "expected valid: {body}: {:#?}", report.issues);
    assert_eq!(pairs(&report, Severity::Warning), expected, "warnings of {body}");
}

/// `body` with the value at a JSON Pointer replaced (or removed with `None`).
pub(crate) fn with(mut body: Value, pointer: &str, value: Option<Value>) -> Value {
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let target = body.pointer_mut(parent).unwrap_or_else(|| panic!("no parent {parent}"));
    match (target, value) {
        (Value::Object(m), Some(v)) => {
            m.insert(key.to_owned(), v);
        }
        (Value::Object(m), None) => {
            m.remove(key);
        }
        (Value::Array(a), Some(v)) => a[key.parse::<usize>().unwrap()] = v,
        (Value::Array(a), None) => {
            a.remove(key.parse::<usize>().unwrap());
        }
        _ => panic!("bad pointer {pointer}"),
    }
    body
}

pub(crate) fn product() -> Value {
    json!({"crmProductId": "P-1", "productUri": "gms:1001", "productName": "CAD",
           "limitStartDate": 1700000000000i64, "limitEndDate": 1800000000000i64,
           "limitConcurrent": 5, "trial": 0, "timeDurationExpression": "1-0-0"})
}

/// A valid new_buy batch order with one order and one asset.
pub(crate) fn new_buy() -> Value {
    valid(json!({
        "channelCode": "CH01", "channelOrderId": "CO-1", "syncMode": "sync",
        "orderList": [{
            "sequence": 1, "customerName": "ACME", "crmCustomerId": "CRM-1",
            "adminEmail": "admin@acme.example", "customerType": "company",
            "licenseType": "normal_recover_usbkey", "orderType": "new_buy",
            "assets": [{
                "assetNos": ["8000000001", "6000000002"],
                "assetExtendList": [{"extendCode": "region", "extendValue": "east"}],
                "limitStartDate": 1700000000000i64, "limitEndDate": 1800000000000i64,
                "products": [product()]
            }]
        }]
    }))
}

/// A batch order as written, made valid (see the module's doc).
fn valid(mut body: Value) -> Value {
    make_valid(Endpoint::BatchOrder, &mut body);
    body
}

/// A valid refund order of the given type and licence.
pub(crate) fn refund(order_type: &str, license_type: &str) -> Value {
    let mut body = new_buy();
    body["orderList"][0]["orderType"] = json!(order_type);
    body["orderList"][0]["licenseType"] = json!(license_type);
    body["orderList"][0]["srcLicenseOrderId"] = json!("LO-1");
    valid(body)
}
