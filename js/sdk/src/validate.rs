//! `validate(endpoint, body, options?)` and `validateJson(endpoint, text, options?)`.
//!
//! ```js
//! import { validate } from 'licensing-sdk';
//! const report = validate('shellNums', { size: 0 });
//! // { valid: false, issues: [{ path: '/size', code: 'minimum', severity: 'error', ... }] }
//! ```

use licensing_core::validate::{self as core_validate, Options, Report};
use licensing_core::wire::Endpoint;
use wasm_bindgen::prelude::*;

use crate::interop;

pub(crate) fn endpoint_or_report(endpoint: &JsValue, opts: &Options) -> Result<Endpoint, Report> {
    let name = endpoint.as_string().unwrap_or_default();
    name.parse().map_err(|_| core_validate::unknown_endpoint(&name, opts))
}

/// Validates a body held as a JS value; the report is plain JS data.
pub(crate) fn validate_value(endpoint: &JsValue, body: &JsValue, options: &JsValue) -> Report {
    let opts = interop::options(options);
    let endpoint = match endpoint_or_report(endpoint, &opts) {
        Ok(e) => e,
        Err(report) => return report,
    };
    match interop::to_json_text(body) {
        Ok(text) => core_validate::validate_json(endpoint, &text, &opts),
        Err(reason) => core_validate::invalid_json(&reason, &opts),
    }
}

/// Validates the request body (or query object) of an endpoint. Not an export of
/// the wasm (the package validates through `__validateInput`): the Rust tests'
/// way in.
pub fn validate(endpoint: JsValue, body: JsValue, options: Option<JsValue>) -> JsValue {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    interop::from_json_text(&validate_value(&endpoint, &body, &options).to_json())
}

/// Validates JSON text; malformed JSON (or a text that is no string) is an
/// `invalid_json` issue, not a throw. Not an export of the wasm (`__validateInput`
/// carries what is not a string to it).
pub fn validate_json(endpoint: JsValue, text: JsValue, options: Option<JsValue>) -> JsValue {
    let opts = interop::options(&options.unwrap_or(JsValue::UNDEFINED));
    let report = match (endpoint_or_report(&endpoint, &opts), text.as_string()) {
        (Err(report), _) => report,
        (Ok(e), Some(text)) => core_validate::validate_json(e, &text, &opts),
        (Ok(_), None) => core_validate::invalid_json("validateJson expects a string", &opts),
    };
    interop::from_json_text(&report.to_json())
}

/// A complete, valid example body of an endpoint (every field filled).
#[wasm_bindgen(js_name = exampleBody, unchecked_return_type = "unknown")]
pub fn example_body(#[wasm_bindgen(unchecked_param_type = "Endpoint")] endpoint: JsValue) -> JsValue {
    match endpoint.as_string().and_then(|n| n.parse::<Endpoint>().ok()) {
        Some(e) => interop::from_json_text(&core_validate::example_json(e)),
        None => JsValue::UNDEFINED,
    }
}
