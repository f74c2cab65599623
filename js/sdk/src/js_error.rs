//! A failure as the JS `Error` every binding rejects or throws with (the
//! client's calls and options, the hooks' events).

use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::validate::issues_json;
use wasm_bindgen::JsValue;

use crate::interop::{self, set};

/// The JS `Error` for a failure: `name` LicensingError, `kind`, and what applies
/// of `code`, `cause`, `status`, `issues`, `activities`, `data`.
pub(crate) fn to_js_error(err: &ClientError) -> JsValue {
    let error: JsValue = js_sys::Error::new(&err.message).into();
    set(&error, "name", &JsValue::from_str("LicensingError"));
    set(&error, "kind", &JsValue::from_str(err.kind.as_str()));
    if let Some(code) = &err.code {
        set(&error, "code", &JsValue::from_str(code));
    }
    if let Some(cause) = &err.cause {
        set(&error, "cause", &JsValue::from_str(cause));
    }
    if let Some(status) = err.status {
        set(&error, "status", &JsValue::from_f64(f64::from(status)));
    }
    set(&error, "sent", &JsValue::from_bool(err.sent));
    if err.kind == ErrorKind::Validation {
        set(&error, "issues", &interop::from_json_text(&issues_json(&err.issues)));
    }
    if let Some(activities) = &err.activities {
        set(&error, "activities", &interop::from_json_text(activities.as_str()));
    }
    if let Some(data) = &err.data {
        set(&error, "data", &interop::from_json_text(data.as_str()));
    }
    error
}
