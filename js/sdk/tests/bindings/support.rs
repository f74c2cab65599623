//! Helpers: JS values from JSON text, and reading reports.

use js_sys::{Array, Reflect, JSON};
use wasm_bindgen::JsValue;

pub(crate) fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON")
}

pub(crate) fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("property")
}

pub(crate) fn s(v: &JsValue) -> String {
    v.as_string().unwrap_or_default()
}

/// A report as `__validateInput` gives it: the object itself, or the object of
/// its JSON text (the default entries' wasm gives the text: js/sdk/src/text_input.rs).
pub(crate) fn report(value: &JsValue) -> JsValue {
    match value.as_string() {
        Some(text) => js(&text),
        None => value.clone(),
    }
}

/// (path, code, severity) of each issue of a report.
pub(crate) fn issues(report: &JsValue) -> Vec<(String, String, String)> {
    let report = self::report(report);
    Array::from(&get(&report, "issues"))
        .iter()
        .map(|i| (s(&get(&i, "path")), s(&get(&i, "code")), s(&get(&i, "severity"))))
        .collect()
}

pub(crate) fn valid(report: &JsValue) -> bool {
    get(&self::report(report), "valid").as_bool().expect("valid is a boolean")
}
