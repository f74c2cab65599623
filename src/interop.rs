//! JS ↔ Rust conversions used by every binding.
//!
//! Bodies cross the boundary as JSON text: the JS engine's own `JSON.stringify`
//! and `JSON.parse` are fast native code, whereas walking a JS object field by
//! field from wasm costs a boundary crossing per value.

use js_sys::{Reflect, JSON};
use licensing_core::validate::{Locale, Options};
use wasm_bindgen::JsValue;

/// A JS value as JSON text, or why it cannot be one (cycles, BigInt, throwing
/// `toJSON`). `undefined`, functions and symbols become `null` (not an object).
pub(crate) fn to_json_text(value: &JsValue) -> Result<String, String> {
    match JSON::stringify(value) {
        Ok(text) => Ok(text.as_string().unwrap_or_else(|| String::from("null"))),
        Err(err) => Err(error_text(&err)),
    }
}

/// The message of a thrown JS value.
pub(crate) fn error_text(err: &JsValue) -> String {
    Reflect::get(err, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| err.as_string())
        .unwrap_or_else(|| String::from("the value cannot be serialized to JSON"))
}

/// Parses JSON text we produced into a JS value (`null` if, impossibly, it fails).
pub(crate) fn from_json_text(text: &str) -> JsValue {
    JSON::parse(text).unwrap_or(JsValue::NULL)
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    if !obj.is_object() {
        return JsValue::UNDEFINED;
    }
    // A throwing getter or proxy counts as absent.
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// `{ locale?, strict?, maxIssues? }`; anything unrecognised keeps its default.
pub(crate) fn options(value: &JsValue) -> Options {
    let mut opts = Options::default();
    if let Some(locale) = get(value, "locale").as_string().and_then(|t| Locale::parse(&t)) {
        opts.locale = locale;
    }
    if let Some(strict) = get(value, "strict").as_bool() {
        opts.strict = strict;
    }
    if let Some(max) = get(value, "maxIssues").as_f64() {
        if max.is_finite() && max >= 1.0 {
            opts.max_issues = max.min(1e6) as usize;
        }
    }
    opts
}
