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

use js_sys::Object;
use licensing_core::validate::{Issue, Severity};
use licensing_core::wire::Endpoint;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

use crate::interop::{self, set};
use crate::validate::validate_value;

/// The vendor name in `~standard.vendor`.
pub const VENDOR: &str = "licensing-sdk";

/// A JSON Pointer as Standard Schema path keys (array indices as numbers).
fn path_keys(pointer: &str) -> Vec<Value> {
    pointer
        .split('/')
        .skip(1)
        .map(|seg| {
            let key = seg.replace("~1", "/").replace("~0", "~");
            match key.parse::<u64>() {
                Ok(i) if !key.starts_with('0') || key == "0" => Value::from(i),
                _ => Value::from(key),
            }
        })
        .collect()
}

fn failure(issues: &[Issue]) -> String {
    let issues: Vec<Value> = issues
        .iter()
        .filter(|i| i.severity == Severity::Error)
        .map(|i| json!({"message": i.message, "path": path_keys(&i.path), "code": i.code.as_str()}))
        .collect();
    json!({ "issues": issues }).to_string()
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
            interop::from_json_text(&failure(&report.issues))
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

#[cfg(test)]
mod tests {
    use super::path_keys;
    use serde_json::json;

    #[test]
    fn pointer_to_keys() {
        assert_eq!(path_keys(""), Vec::<serde_json::Value>::new());
        assert_eq!(path_keys("/orderList/0/a~1b/01"), vec![json!("orderList"), json!(0), json!("a/b"), json!("01")]);
    }
}
