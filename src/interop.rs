//! JS ↔ Rust conversions used by every binding.
//!
//! Bodies cross the boundary as JSON text: the JS engine's own `JSON.stringify`
//! and `JSON.parse` are fast native code, whereas walking a JS object field by
//! field from wasm costs a boundary crossing per value.

use js_sys::{Reflect, JSON};
use licensing_core::validate::{Locale, Options, Profile};
use wasm_bindgen::JsValue;

/// A JS value as JSON text, or why it cannot be one (cycles, BigInt, throwing
/// `toJSON`). `undefined`, functions and symbols become `null` (not an object).
pub(crate) fn to_json_text(value: &JsValue) -> Result<String, String> {
    match JSON::stringify(value) {
        Ok(text) => Ok(text.as_string().unwrap_or_else(|| String::from("null"))),
        Err(err) => Err(error_text(&err, "the value cannot be serialized to JSON")),
    }
}

/// The message of a thrown JS value (its `message`, or itself if a string), else `fallback`.
pub(crate) fn error_text(err: &JsValue, fallback: &str) -> String {
    Reflect::get(err, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| err.as_string())
        .unwrap_or_else(|| String::from(fallback))
}

/// Parses JSON text we produced into a JS value (`null` if, impossibly, it fails).
pub(crate) fn from_json_text(text: &str) -> JsValue {
    JSON::parse(text).unwrap_or(JsValue::NULL)
}

/// A property of an object; `undefined` for non-objects.
pub(crate) fn get(obj: &JsValue, key: &str) -> JsValue {
    if !obj.is_object() {
        return JsValue::UNDEFINED;
    }
    // A throwing getter or proxy counts as absent.
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// Sets a property. Used on plain objects and `Error`s we just created, where a
/// data property cannot fail to be set.
pub(crate) fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

/// `{ locale?, rules?, strict?, maxIssues? }`; anything unrecognised keeps its
/// default. `strict: true` is the alias of `rules: 'strict'` (`rules` wins).
pub(crate) fn options(value: &JsValue) -> Options {
    let mut opts = Options::default();
    if let Some(locale) = get(value, "locale").as_string().and_then(|t| Locale::parse(&t)) {
        opts.locale = locale;
    }
    opts.rules = profile(value).unwrap_or(opts.rules);
    if let Some(max) = get(value, "maxIssues").as_f64() {
        if max.is_finite() && max >= 1.0 {
            opts.max_issues = max.min(1e6) as usize;
        }
    }
    opts
}

/// The rules profile of an options object: `rules` if it names one, else
/// `strict: true` (its alias), else none.
pub(crate) fn profile(options: &JsValue) -> Option<Profile> {
    match get(options, "rules").as_string().and_then(|name| Profile::parse(&name)) {
        Some(profile) => Some(profile),
        None => (get(options, "strict").as_bool() == Some(true)).then_some(Profile::Strict),
    }
}
