//! `schemas.<endpoint>`: Standard Schema v1 objects, so TanStack Form,
//! react-hook-form resolvers and other Standard Schema consumers use the
//! validators unchanged.
//!
//! ```js
//! import { schemas } from 'licensing-sdk';
//! const result = schemas.shellNums['~standard'].validate({ size: 0 });
//! // { issues: [{ message: '`size` must be an integer of at least 1', path: ['size'] }] }
//! ```
//!
//! Only errors become Standard Schema issues: any issue there means failure, and
//! warnings must not block a form.

use js_sys::{Array, Object};
use licensing_core::validate::{Issue, Severity};
use licensing_core::wire::Endpoint;
use wasm_bindgen::prelude::*;

use crate::interop::set;
use crate::validate::validate_value;

/// The vendor name in `~standard.vendor`.
pub const VENDOR: &str = "licensing-sdk";

/// A JSON Pointer as Standard Schema path keys (array indices as numbers).
fn path_keys(pointer: &str) -> Array {
    pointer
        .split('/')
        .skip(1)
        .map(|seg| {
            let key = unescape_pointer_segment(seg);
            match key.parse::<u32>() {
                Ok(i) if !key.starts_with('0') || key == "0" => JsValue::from(i),
                _ => JsValue::from_str(&key),
            }
        })
        .collect()
}

/// `~1` → `/`, `~0` → `~` (RFC 6901), without `str::replace` and what it pulls
/// into the wasm.
fn unescape_pointer_segment(seg: &str) -> String {
    let mut out = String::with_capacity(seg.len());
    let mut chars = seg.chars();
    while let Some(c) = chars.next() {
        if c != '~' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('1') => out.push('/'),
            Some('0') => out.push('~'),
            Some(other) => {
                out.push('~');
                out.push(other);
            }
            None => out.push('~'),
        }
    }
    out
}

/// `{ issues: [{ message, path, code }] }` of the errors, built as JS values
/// directly (a handful of issues; no JSON text round trip).
fn failure(issues: &[Issue]) -> JsValue {
    let list: Array = issues
        .iter()
        .filter(|i| i.severity == Severity::Error)
        .map(|i| {
            let issue = Object::new();
            set(&issue, "message", &JsValue::from_str(&i.message));
            set(&issue, "path", &path_keys(&i.path));
            set(&issue, "code", &JsValue::from_str(i.code.as_str()));
            JsValue::from(issue)
        })
        .collect();
    let out = Object::new();
    set(&out, "issues", &list);
    out.into()
}

fn schema_for(endpoint: Endpoint, options: &JsValue) -> Object {
    let name = JsValue::from_str(endpoint.name());
    let options = options.clone();
    let validate = Closure::<dyn Fn(JsValue) -> JsValue>::new(move |value: JsValue| {
        let report = validate_value(&name, &value, &options);
        if report.valid {
            let ok = Object::new();
            set(&ok, "value", &value);
            ok.into()
        } else {
            failure(&report.issues)
        }
    });
    let standard = Object::new();
    set(&standard, "version", &JsValue::from_f64(1.0));
    set(&standard, "vendor", &JsValue::from_str(VENDOR));
    // The schemas live as long as the page: the closure is handed to JS for good.
    set(&standard, "validate", &validate.into_js_value());
    let schema = Object::new();
    set(&schema, "~standard", &standard.into());
    schema
}

/// Builds the ten Standard Schema objects (`{ batchOrder: {'~standard': ...}, ... }`)
/// with the given validate options. The package exports one set as `schemas`;
/// call this for another locale or strict mode, once, not per render.
#[wasm_bindgen(js_name = createSchemas, unchecked_return_type = "Schemas")]
pub fn create_schemas(#[wasm_bindgen(unchecked_optional_param_type = "ValidateOptions")] options: Option<JsValue>) -> JsValue {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let all = Object::new();
    for endpoint in Endpoint::ALL {
        set(&all, endpoint.name(), &schema_for(endpoint, &options).into());
    }
    all.into()
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use super::path_keys;
    use wasm_bindgen::JsValue;

    #[wasm_bindgen_test::wasm_bindgen_test]
    fn pointer_to_keys() {
        assert_eq!(path_keys("").length(), 0);
        let keys: Vec<JsValue> = path_keys("/orderList/0/a~1b/01/~0~01").iter().collect();
        let expected = [JsValue::from_str("orderList"), JsValue::from(0u32), JsValue::from_str("a/b"), JsValue::from_str("01"), JsValue::from_str("~~1")];
        assert_eq!(keys, expected);
    }
}
