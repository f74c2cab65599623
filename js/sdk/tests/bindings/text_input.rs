//! `validate`, `validateJson` and `validateField` through the input buffer (what the package's entries do): the
//! text written into wasm memory, then validated; hostile lengths and bytes are
//! reports, never a panic.

use js_sys::{Uint8Array, WebAssembly};
use licensing_sdk::js::{memory, text_input, untouched_report, validate_input, validate_json, CALL_VALIDATE_VOUCHED};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::*;

/// Writes bytes into the input buffer as the entries do (through a JS view).
fn write(bytes: &[u8]) -> usize {
    let at = text_input(bytes.len());
    let memory: WebAssembly::Memory = memory().dyn_into().expect("the wasm memory");
    let view = Uint8Array::new_with_byte_offset_and_length(&memory.buffer(), at as u32, bytes.len() as u32);
    view.copy_from(bytes);
    bytes.len()
}

#[wasm_bindgen_test]
fn the_buffer_path_reports_what_the_string_path_reports() {
    for text in [r#"{"size": 0}"#, r#"{"size": 1, "é\u0041": "中文"}"#, "{", r#"{"size": 2}"#] {
        let len = write(text.as_bytes());
        let through_buffer = validate_input("shellNums".into(), len, JsValue::UNDEFINED, None, JsValue::UNDEFINED, 0);
        let through_string = validate_json("shellNums".into(), JsValue::from_str(text), None);
        assert_eq!(issues(&through_buffer), issues(&through_string), "{text}");
        assert_eq!(valid(&through_buffer), valid(&through_string), "{text}");
    }
}

#[wasm_bindgen_test]
fn hostile_lengths_and_bytes_are_reports() {
    let len = write(&[b'{', 0xff, b'}']);
    let report = validate_input("shellNums".into(), len, JsValue::UNDEFINED, None, JsValue::UNDEFINED, 0);
    assert_eq!(issues(&report)[0].1, "invalid_json");
    let report = validate_input("shellNums".into(), usize::MAX, JsValue::UNDEFINED, None, JsValue::UNDEFINED, 0);
    assert_eq!(issues(&report)[0].1, "invalid_json");
    let report = validate_input("noSuchEndpoint".into(), 0, JsValue::UNDEFINED, None, JsValue::UNDEFINED, 0);
    assert_eq!(issues(&report)[0].1, "unknown_endpoint");
    // The module keeps working.
    let len = write(br#"{"size": 3}"#);
    assert!(valid(&validate_input("shellNums".into(), len, JsValue::UNDEFINED, None, JsValue::UNDEFINED, 0)));
}

#[wasm_bindgen_test]
fn a_field_and_a_vouched_text_through_the_buffer() {
    let text = r#"{"assetNums": ["8000000001", "7000000001"], "operatorIdentity": ""}"#;
    let len = write(text.as_bytes());
    let field =
        validate_input("lockAssets".into(), len, JsValue::UNDEFINED, Some("/assetNums".into()), JsValue::UNDEFINED, 0);
    let paths: Vec<String> = issues(&field).into_iter().map(|(path, ..)| path).collect();
    assert_eq!(paths, ["/assetNums/1"]);
    // A vouched text: its first order and the second's clean strings are `!`.
    let bad = r#"{"sequence":2,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["7000000001"],"products":[{"productUri":!}]}]}"#;
    let text = format!(r#"{{"channelCode":!,"channelOrderId":"o","orderList":[!,{bad}]}}"#);
    let len = write(text.as_bytes());
    let report =
        validate_input("batchOrder".into(), len, JsValue::UNDEFINED, None, JsValue::UNDEFINED, CALL_VALIDATE_VOUCHED);
    let paths: Vec<String> = issues(&report).into_iter().map(|(path, ..)| path).collect();
    assert_eq!(paths, ["/orderList/1/assets/0/assetNos/0"]);
    // Read as plain JSON text, the same bytes are not JSON.
    let report = validate_input("batchOrder".into(), len, JsValue::UNDEFINED, None, JsValue::UNDEFINED, 0);
    assert_eq!(issues(&report)[0].1, "invalid_json");
    // The errors a form leaves out, counted in one issue.
    let untouched = untouched_report(3, None);
    assert_eq!(issues(&untouched), [(String::new(), "untouched".to_owned(), "error".to_owned())]);
}

/// What `validate` could not serialize, and what `validateJson` got that is no
/// string, go through the same export as a value: the reports `validate` and
/// `validateJson` give for them.
#[wasm_bindgen_test]
fn a_value_instead_of_the_input() {
    use licensing_sdk::js::{validate, CALL_VALIDATE_JSON_VALUE, CALL_VALIDATE_VALUE};
    let cyclic = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&cyclic, &"self".into(), &cyclic);
    let through_export =
        validate_input("shellNums".into(), 0, JsValue::UNDEFINED, None, cyclic.clone().into(), CALL_VALIDATE_VALUE);
    let direct = validate("shellNums".into(), cyclic.into(), None);
    assert_eq!(js_sys::JSON::stringify(&report(&through_export)).ok(), js_sys::JSON::stringify(&direct).ok());
    let not_text = validate_input(
        "shellNums".into(),
        0,
        JsValue::UNDEFINED,
        None,
        JsValue::from_f64(1.0),
        CALL_VALIDATE_JSON_VALUE,
    );
    let text = js_sys::JSON::stringify(&report(&not_text)).ok().and_then(|t| t.as_string()).unwrap_or_default();
    assert!(text.contains("invalid_json") && text.contains("validateJson expects a string"), "{text}");
}
