use licensing_sdk::js::{example_body, validate, validate_json};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::*;

#[wasm_bindgen_test]
fn every_endpoint_accepts_its_example_and_rejects_an_empty_object() {
    for name in licensing_core::wire::Endpoint::ALL.map(|e| e.name()) {
        let e = JsValue::from_str(name);
        let report = validate(e.clone(), example_body(e.clone()), None);
        assert!(valid(&report) && issues(&report).is_empty(), "{name}: {:?}", issues(&report));
        let report = validate(e, js("{}"), None);
        assert!(!valid(&report), "{name}");
        assert!(issues(&report).iter().all(|(_, code, _)| code == "required"), "{name}");
    }
}

#[wasm_bindgen_test]
fn report_shape_with_json_pointer_paths() {
    let body = js(r#"{"channelCode":"C","channelOrderId":"O","orderList":[{"sequence":1,"licenseType":"cloud_account",
        "orderType":"delete_asset","assets":[{"assetNos":["8000000001","7000000002"]}]}]}"#);
    let report = validate("batchOrder".into(), body, None);
    assert!(!valid(&report));
    assert_eq!(
        issues(&report),
        vec![
            ("/orderList/0/assets/0/assetNos/1".into(), "asset_number_partition".into(), "error".into()),
            ("/orderList/0/srcLicenseOrderId".into(), "src_license_order_required".into(), "error".into()),
        ]
    );
    let first = js_sys::Array::from(&get(&report, "issues")).get(0);
    assert!(s(&get(&first, "message")).contains("7000000002"));
    assert_eq!(s(&get(&get(&first, "params"), "value")), "7000000002");
}

#[wasm_bindgen_test]
fn type_errors_are_issues_not_aborts() {
    let report = validate("shellNums".into(), js(r#"{"size":"3","extra":true}"#), None);
    assert_eq!(
        issues(&report),
        vec![
            ("/size".into(), "type".into(), "error".into()),
            ("/extra".into(), "unknown_field".into(), "warning".into()),
        ]
    );
}

#[wasm_bindgen_test]
fn options_locale_and_strict() {
    let opts = js(r#"{"locale":"zh-CN","rules":"strict"}"#);
    let report = validate("listAssets".into(), js(r#"{"enterpriseGlobalID":"E1"}"#), Some(opts));
    let list = js_sys::Array::from(&get(&report, "issues"));
    let unknown = list.iter().find(|i| s(&get(i, "code")) == "unknown_field").expect("unknown field issue");
    assert_eq!(s(&get(&unknown, "severity")), "error");
    assert!(s(&get(&unknown, "message")).contains("你是不是想写 `enterpriseGlobalId`"));
}

#[wasm_bindgen_test]
fn validate_json_never_throws() {
    let report = validate_json("batchOrder".into(), JsValue::from_str("{\"orderList\": ["), None);
    assert_eq!(issues(&report)[0].1, "invalid_json");
    let report = validate_json("batchOrder".into(), JsValue::from_f64(1.0), None);
    assert_eq!(issues(&report)[0].1, "invalid_json");
    let report = validate_json("nope".into(), JsValue::from_str("{}"), None);
    assert_eq!(issues(&report)[0].1, "unknown_endpoint");
    let report = validate_json(JsValue::UNDEFINED, JsValue::UNDEFINED, Some(JsValue::from_f64(3.0)));
    assert!(!valid(&report));
}

#[wasm_bindgen_test]
fn bodies_that_are_not_objects() {
    for body in [JsValue::UNDEFINED, JsValue::NULL, JsValue::from_str("x"), js("[]"), JsValue::from_f64(1.0)] {
        let report = validate("shellNums".into(), body, None);
        assert_eq!(issues(&report), vec![("".into(), "type".into(), "error".into())]);
    }
}
