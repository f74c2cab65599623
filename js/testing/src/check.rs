//! `checkAnswer` of `licensing-sdk/testing`: licensing-core's `check_answer`
//! with the endpoint by name, the options as JSON text and the report as JSON
//! text, as the package's validators take and give them.

use licensing_core::response;
use licensing_core::validate::{invalid_json, unknown_endpoint, Locale, Options, Profile};
use licensing_core::wire::Endpoint;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// `{ locale?, rules?, maxIssues? }` as the validators read them: anything
/// unrecognised keeps its default (`maxIssues`: from 1, at most 10⁶).
///
/// ```
/// use licensing_core::validate::{Locale, Profile};
/// let opts = licensing_testing_wasm::check::options_from_json(r#"{"locale":"zh-CN","rules":"spec","maxIssues":5,"other":1}"#);
/// assert_eq!((opts.locale, opts.rules, opts.max_issues), (Locale::ZhCn, Profile::Spec, 5));
/// assert_eq!(licensing_testing_wasm::check::options_from_json("not json"), Default::default());
/// ```
pub fn options_from_json(text: &str) -> Options {
    let mut opts = Options::default();
    let Ok(Value::Object(given)) = serde_json::from_str::<Value>(text) else { return opts };
    if let Some(locale) = given.get("locale").and_then(Value::as_str).and_then(Locale::parse) {
        opts.locale = locale;
    }
    if let Some(rules) = given.get("rules").and_then(Value::as_str).and_then(Profile::parse) {
        opts.rules = rules;
    }
    if let Some(max) = given.get("maxIssues").and_then(Value::as_f64).filter(|m| m.is_finite() && *m >= 1.0) {
        opts.max_issues = max.min(1e6) as usize;
    }
    opts
}

/// `checkAnswer(endpoint, status, text, options)`: the report of
/// `licensing_core::response::check_answer` as JSON text; an unknown endpoint,
/// a status that is not one (100–599, whole) or a text that is not one is a
/// report too, never an error.
///
/// ```
/// let report = licensing_testing_wasm::check::check_answer_json("shellNums", 200.0, Some(r#"{"code":0,"data":[]}"#), "{}");
/// assert!(report.contains(r#""path":"/message","code":"missing_field""#));
/// assert!(licensing_testing_wasm::check::check_answer_json("shelNums", 200.0, Some("{}"), "{}").contains("unknown_endpoint"));
/// ```
pub fn check_answer_json(endpoint: &str, status: f64, text: Option<&str>, options_json: &str) -> String {
    let opts = options_from_json(options_json);
    let status = (status.fract() == 0.0 && (100.0..=599.0).contains(&status)).then_some(status as u16);
    let report = match (endpoint.parse::<Endpoint>(), status, text) {
        (Err(_), _, _) => unknown_endpoint(endpoint, &opts),
        (Ok(_), None, _) => invalid_json("checkAnswer expects an HTTP status, a whole number from 100 to 599", &opts),
        (Ok(_), _, None) => invalid_json("checkAnswer expects the answer's text, a string", &opts),
        (Ok(e), Some(status), Some(text)) => response::check_answer(e, status, text, &opts),
    };
    report.to_json()
}

/// An answer of the service checked against the contract (its HTTP status and
/// text): the report as JSON text.
#[wasm_bindgen(js_name = checkAnswer)]
pub fn check_answer(endpoint: &str, status: f64, text: Option<String>, options_json: &str) -> String {
    check_answer_json(endpoint, status, text.as_deref(), options_json)
}
