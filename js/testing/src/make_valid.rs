//! `makeValid` of `licensing-sdk/testing`: licensing-core's `make_valid` with
//! the endpoint by name and the body as JSON text. It answers with the changes
//! as JSON Patch operations (`add`, `remove`, `replace`, RFC 6902's words),
//! not with the whole body: the JavaScript half applies them to a copy of the
//! caller's object, so every key keeps its place (serde_json's objects would
//! sort them) and only what a table or a rule adds comes last.

use licensing_core::testing::make_valid;
use licensing_core::wire::Endpoint;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

/// The operations that make the body `text` valid for `endpoint`, as JSON text.
///
/// ```
/// use licensing_testing_wasm::make_valid::make_valid_patch;
/// let patch = make_valid_patch("batchOrder", r#"{"channelCode":"c","channelOrderId":"o","orderList":[
///     {"sequence":1,"licenseType":"cloud_account","orderType":"delete_asset","assets":[{"assetNos":["8000000001"]}]}]}"#);
/// assert_eq!(patch.as_deref(), Ok(r#"[{"op":"add","path":"/orderList/0/srcLicenseOrderId","value":"LO-1"}]"#));
/// assert!(make_valid_patch("batchOrdr", "{}").is_err_and(|e| e.contains("batchOrder")));
/// assert!(make_valid_patch("batchOrder", "{").is_err());
/// ```
pub fn make_valid_patch(endpoint: &str, text: &str) -> Result<String, String> {
    let endpoint: Endpoint = endpoint.parse().map_err(|_| {
        let names: Vec<&str> = Endpoint::ALL.iter().map(|e| e.name()).collect();
        format!("makeValid: unknown endpoint {endpoint:?} (one of {})", names.join(", "))
    })?;
    let before: Value = serde_json::from_str(text).map_err(|e| format!("makeValid: the body is not JSON ({e})"))?;
    let mut after = before.clone();
    make_valid(endpoint, &mut after);
    let mut operations = Vec::new();
    diff(&before, &after, &mut String::new(), &mut operations);
    Ok(Value::Array(operations).to_string())
}

/// The operations that turn `before` into `after`, at `path` (a JSON Pointer).
fn diff(before: &Value, after: &Value, path: &mut String, out: &mut Vec<Value>) {
    match (before, after) {
        (Value::Object(old), Value::Object(new)) => {
            for (key, value) in new {
                let length = path.len();
                push_segment(path, key);
                match old.get(key) {
                    Some(was) => diff(was, value, path, out),
                    None => out.push(json!({"op": "add", "path": path.as_str(), "value": value})),
                }
                path.truncate(length);
            }
            for key in old.keys().filter(|key| !new.contains_key(*key)) {
                let length = path.len();
                push_segment(path, key);
                out.push(json!({"op": "remove", "path": path.as_str()}));
                path.truncate(length);
            }
        }
        (Value::Array(old), Value::Array(new)) if old.len() == new.len() => {
            for (index, (was, value)) in old.iter().zip(new).enumerate() {
                let length = path.len();
                path.push('/');
                path.push_str(&index.to_string());
                diff(was, value, path, out);
                path.truncate(length);
            }
        }
        _ if before != after => out.push(json!({"op": "replace", "path": path.as_str(), "value": after})),
        _ => {}
    }
}

/// A key as a JSON Pointer segment (`~` and `/` escaped).
fn push_segment(path: &mut String, key: &str) {
    path.push('/');
    path.push_str(&key.replace('~', "~0").replace('/', "~1"));
}

/// `makeValid(endpoint, text)`: the JSON Patch that makes the body valid, as JSON
/// text; an unknown endpoint or a text that is not JSON throws (the JavaScript
/// half turns it into a `TypeError`).
#[wasm_bindgen(js_name = makeValid)]
pub fn make_valid_js(endpoint: &str, text: &str) -> Result<String, JsError> {
    make_valid_patch(endpoint, text).map_err(|message| JsError::new(&message))
}
