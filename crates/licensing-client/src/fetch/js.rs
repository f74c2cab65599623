//! Reading JS values safely from wasm: a property that may throw, the message of
//! a thrown value. Shared with the JS bindings (js/sdk, the crate licensing-sdk).
//!
//! ```no_run
//! use licensing_client::fetch::js::{error_text, get};
//! let options = wasm_bindgen::JsValue::NULL;
//! assert!(get(&options, "timeoutMs").is_undefined()); // not an object: absent
//! assert_eq!(error_text(&wasm_bindgen::JsValue::from_str("boom"), "failed"), "boom");
//! ```

use js_sys::Reflect;
use wasm_bindgen::JsValue;

/// The message of a thrown JS value (its `message`, or itself if a string), else `fallback`.
pub fn error_text(err: &JsValue, fallback: &str) -> String {
    Reflect::get(err, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| err.as_string())
        .unwrap_or_else(|| String::from(fallback))
}

/// A property of an object; `undefined` for non-objects. A throwing getter or
/// proxy counts as absent.
pub fn get(obj: &JsValue, key: &str) -> JsValue {
    if !obj.is_object() {
        return JsValue::UNDEFINED;
    }
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}
