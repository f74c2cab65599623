//! Two ways to get a batch order body into the wasm validator and its report
//! out, for `bench/interop.mjs`. The validator reads JSON text, so the serde
//! path turns the JS object into a `serde_json::Value` (serde-wasm-bindgen walks
//! the object field by field across the boundary), prints it, and hands the
//! report back as a JS object the same way.
//!
//! ```js
//! const report = JSON.parse(validateText(JSON.stringify(body)));   // feature `text`
//! const report = validateObject(body);                              // feature `serde`
//! ```

#[cfg(any(feature = "text", feature = "serde"))]
use licensing_core::validate::{validate_json, Options};
#[cfg(any(feature = "text", feature = "serde"))]
use licensing_core::wire::Endpoint;
#[cfg(any(feature = "text", feature = "serde"))]
use wasm_bindgen::prelude::*;

/// Text in, text out: what licensing-sdk's `validate` does past its fast path.
#[cfg(feature = "text")]
#[wasm_bindgen(js_name = validateText)]
pub fn validate_text(text: &str) -> String {
    validate_json(Endpoint::BatchOrder, text, &Options::default()).to_json()
}

/// Only the input step of the text path: the text crosses, nothing is validated.
#[cfg(feature = "text")]
#[wasm_bindgen(js_name = textIn)]
pub fn text_in(text: &str) -> usize {
    text.len()
}

/// Object in, object out, through serde-wasm-bindgen.
#[cfg(feature = "serde")]
#[wasm_bindgen(js_name = validateObject)]
pub fn validate_object(body: JsValue) -> Result<JsValue, JsValue> {
    let value: serde_json::Value = serde_wasm_bindgen::from_value(body)?;
    let text = serde_json::to_string(&value).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let report = validate_json(Endpoint::BatchOrder, &text, &Options::default());
    // Plain objects, as the text path's JSON.parse gives (not ES Maps).
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    serde::Serialize::serialize(&report, &serializer).map_err(JsValue::from)
}

/// Only the input step of the serde path: the object becomes a `Value`.
#[cfg(feature = "serde")]
#[wasm_bindgen(js_name = objectIn)]
pub fn object_in(body: JsValue) -> Result<usize, JsValue> {
    let value: serde_json::Value = serde_wasm_bindgen::from_value(body)?;
    Ok(value.as_object().map_or(0, |o| o.len()))
}
