//! Hostile input from JS: a report every time, and the module keeps working.

use licensing_sdk::js::{validate, validate_json};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::*;

#[wasm_bindgen_test]
fn deep_nesting_is_an_issue() {
    let text = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let report = validate_json("batchOrder".into(), JsValue::from_str(&text), None);
    assert_eq!(issues(&report)[0].1, "invalid_json");
}

#[wasm_bindgen_test]
fn many_asset_numbers_and_giant_strings() {
    // Written into one buffer: WebKitGTK 2.50 now and then read a 12-byte item of a
    // 200,000-item Vec<String> with another length inside `join` (a panic in the
    // test's own setup, before any validation), never in another engine.
    let mut text = String::from(r#"{"assetNums":["#);
    for i in 0..200_000u32 {
        if i > 0 {
            text.push(',');
        }
        text.push_str("\"8");
        let digits = i.to_string();
        text.push_str(&"0".repeat(9 - digits.len()));
        text.push_str(&digits);
        text.push('"');
    }
    text.push_str(r#"],"operatorIdentity":"o"}"#);
    let start = js_sys::Date::now();
    let report = validate_json("lockAssets".into(), JsValue::from_str(&text), None);
    let ms = js_sys::Date::now() - start;
    assert!(valid(&report));
    assert!(ms < 1000.0, "{ms} ms");

    let giant = "9".repeat(5 << 20);
    let report =
        validate("lockAssets".into(), js(&format!(r#"{{"assetNums":["{giant}"],"operatorIdentity":"o"}}"#)), None);
    assert_eq!(issues(&report)[0].1, "asset_number_format");
}

#[wasm_bindgen_test]
fn proto_keys_are_plain_unknown_fields() {
    let report =
        validate_json("shellNums".into(), JsValue::from_str(r#"{"size":1,"__proto__":{"polluted":true}}"#), None);
    assert!(valid(&report));
    assert_eq!(issues(&report), vec![("/__proto__".into(), "unknown_field".into(), "warning".into())]);
    assert!(get(&js_sys::Object::new().into(), "polluted").is_undefined());
}

#[wasm_bindgen_test]
fn the_module_keeps_working_after_hostile_input() {
    let cyclic = js_sys::Object::new();
    js_sys::Reflect::set(&cyclic, &"self".into(), &cyclic).unwrap();
    let report = validate("shellNums".into(), cyclic.into(), None);
    assert_eq!(issues(&report)[0].1, "invalid_json");
    let report = validate("shellNums".into(), js(r#"{"size":2}"#), None);
    assert!(valid(&report));
}
