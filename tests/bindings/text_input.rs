//! `validateJson` through the input buffer (what the package's entries do): the
//! text written into wasm memory, then validated; hostile lengths and bytes are
//! reports, never a panic.

use js_sys::{Uint8Array, WebAssembly};
use licensing_sdk::js::{memory, text_input, validate_json, validate_json_input};
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
        let through_buffer = validate_json_input("shellNums".into(), len, None);
        let through_string = validate_json("shellNums".into(), JsValue::from_str(text), None);
        assert_eq!(issues(&through_buffer), issues(&through_string), "{text}");
        assert_eq!(valid(&through_buffer), valid(&through_string), "{text}");
    }
}

#[wasm_bindgen_test]
fn hostile_lengths_and_bytes_are_reports() {
    let len = write(&[b'{', 0xff, b'}']);
    let report = validate_json_input("shellNums".into(), len, None);
    assert_eq!(issues(&report)[0].1, "invalid_json");
    let report = validate_json_input("shellNums".into(), usize::MAX, None);
    assert_eq!(issues(&report)[0].1, "invalid_json");
    let report = validate_json_input("noSuchEndpoint".into(), 0, None);
    assert_eq!(issues(&report)[0].1, "unknown_endpoint");
    // The module keeps working.
    let len = write(br#"{"size": 3}"#);
    assert!(valid(&validate_json_input("shellNums".into(), len, None)));
}
