//! The client options `hooks` and function `token`, for the package's
//! JavaScript loop (js/sdk/src-js/client.js), which calls them: each is checked here
//! (a function, or absent), each step's event is made here for it, and what
//! it gave is read back here. Every step around them (the time each may take,
//! the 401 re-ask, nonces, retries, what a failure ends) is licensing-client's
//! `call`, the steps the Rust client takes too.

use js_sys::Function;
use licensing_client::call::{HookSet, HookValue};
use licensing_client::events::{ErrorEvent, RequestEvent, ResponseEvent, TokenRequest};
use licensing_client::{ClientError, ErrorKind, RetryEvent};
use wasm_bindgen::prelude::*;

use crate::interop::{error_text, get, set};
use crate::js_error::to_js_error;

#[wasm_bindgen]
extern "C" {
    /// `String(value)`, which may throw (a symbol, a throwing `toString`).
    #[wasm_bindgen(catch, js_name = String)]
    fn js_string(value: &JsValue) -> Result<js_sys::JsString, JsValue>;
    /// `Object.keys(value)`, which runs a Proxy's traps (that may throw).
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(value: &JsValue) -> Result<js_sys::Array, JsValue>;
    /// `Object.fromEntries(iterable)`, which runs the iterator (that may throw).
    #[wasm_bindgen(catch, js_namespace = Object, js_name = fromEntries)]
    fn object_from_entries(iterable: &JsValue) -> Result<JsValue, JsValue>;
}

/// What a thrown value says: its `message`, or the value as text.
pub(crate) fn said(thrown: &JsValue) -> String {
    if thrown.is_instance_of::<js_sys::Error>() {
        return error_text(thrown, "it threw");
    }
    js_string(thrown).ok().and_then(|text| text.as_string()).unwrap_or_else(|| String::from("it threw"))
}

/// A new plain object with `endpoint` and `attempt` (or `attempts`) set.
fn event_of(endpoint: &str, attempt_key: &str, attempt: u32) -> JsValue {
    let event: JsValue = js_sys::Object::new().into();
    set(&event, "endpoint", &JsValue::from_str(endpoint));
    set(&event, attempt_key, &JsValue::from_f64(f64::from(attempt)));
    event
}

pub(crate) fn request_event(e: &RequestEvent) -> JsValue {
    let event = event_of(e.endpoint.name(), "attempt", e.attempt);
    set(&event, "method", &JsValue::from_str(e.method.as_str()));
    set(&event, "url", &JsValue::from_str(&e.url));
    // Named as fetch's `Headers` shows them: lower case.
    let headers: JsValue = js_sys::Object::new().into();
    for (name, value) in &e.headers {
        set(&headers, &name.to_ascii_lowercase(), &JsValue::from_str(value));
    }
    set(&event, "headers", &headers);
    event
}

pub(crate) fn response_event(e: &ResponseEvent) -> JsValue {
    let event = event_of(e.endpoint.name(), "attempt", e.attempt);
    set(&event, "status", &JsValue::from_f64(f64::from(e.status)));
    if let Some(ms) = e.duration_ms {
        set(&event, "durationMs", &JsValue::from_f64(ms));
    }
    if let Some(code) = &e.code {
        set(&event, "code", &JsValue::from_str(code));
    }
    event
}

pub(crate) fn retry_event(e: &RetryEvent) -> JsValue {
    let event = event_of(e.endpoint.name(), "attempt", e.attempt);
    set(&event, "error", &to_js_error(&e.error));
    set(&event, "delayMs", &JsValue::from_f64(f64::from(e.delay_ms)));
    set(&event, "retryAfter", &JsValue::from_bool(e.retry_after));
    event
}

pub(crate) fn error_event(e: &ErrorEvent) -> JsValue {
    let event = event_of(e.endpoint.name(), "attempts", e.attempts);
    set(&event, "error", &to_js_error(&e.error));
    event
}

pub(crate) fn token_request(e: &TokenRequest) -> JsValue {
    let event = event_of(e.endpoint.name(), "attempt", e.attempt);
    set(&event, "refused", &JsValue::from_bool(e.refused));
    event
}

/// What the token provider gave: anything but a string reads as no token,
/// which the steps refuse with their reason.
pub(crate) fn read_token(value: &JsValue) -> HookValue {
    HookValue::Token(value.as_string().unwrap_or_default())
}

/// The headers `beforeRequest` returned: `undefined`, a plain object, or
/// anything with `entries()` (`Headers`, `Map`). Getters and iterators run
/// here, inside the hook's guard; which names may be sent is the loop's call.
pub(crate) fn read_headers(value: &JsValue) -> Result<HookValue, String> {
    if value.is_undefined() || value.is_null() {
        return Ok(HookValue::Headers(Vec::new()));
    }
    if !value.is_object() {
        return Err(String::from("it must return undefined or an object of headers"));
    }
    let object = match get(value, "entries").dyn_into::<Function>() {
        Ok(entries) => entries.call0(value).and_then(|entries| object_from_entries(&entries)),
        Err(_) => Ok(value.clone()),
    }
    .map_err(|thrown| said(&thrown))?;
    header_pairs(&object).map(HookValue::Headers)
}

/// An object's own enumerable properties as headers (the `headers` option,
/// what `beforeRequest` returned): each value a string. More than
/// [`licensing_client::MAX_HEADERS`] names is refused before any value is read.
pub(crate) fn header_pairs(object: &JsValue) -> Result<Vec<(String, String)>, String> {
    if object.is_undefined() {
        return Ok(Vec::new());
    }
    if !object.is_object() {
        return Err(String::from("must be an object of header names to strings"));
    }
    let names = object_keys(object).map_err(|thrown| said(&thrown))?;
    licensing_client::check_header_bounds(names.length() as usize, 0)?;
    let mut headers = Vec::new();
    for name in names.iter() {
        let value = js_sys::Reflect::get(object, &name).map_err(|thrown| said(&thrown))?;
        // Object.keys gave strings.
        let name = name.as_string().unwrap_or_default();
        match value.as_string() {
            Some(value) => headers.push((name, value)),
            None => return Err(String::from("the value of ") + &name + " is not a string"),
        }
    }
    Ok(headers)
}

fn refused(message: String) -> ClientError {
    ClientError::new(ErrorKind::Validation, message)
}

/// Why the option `what` cannot be read: what reading it threw, `token`
/// redacted (the constructor's options and `hooks` alike).
pub(crate) fn unreadable(what: &str, thrown: &JsValue, token: &str) -> String {
    let message = String::from("the option ") + what + " cannot be read: " + &said(thrown);
    licensing_client::redact(&message, token)
}

/// The hook named `name` of `hooks`, if set; an error if it is not a
/// function, or reading it throws (what it threw repeated, `token` redacted).
fn hook_function(hooks: &JsValue, name: &str, token: &str) -> Result<Option<Function>, ClientError> {
    let what = || String::from("hooks.") + name;
    match js_sys::Reflect::get(hooks, &JsValue::from_str(name)) {
        Err(thrown) => Err(refused(unreadable(&what(), &thrown, token))),
        Ok(value) if value.is_undefined() => Ok(None),
        Ok(value) => value.dyn_into::<Function>().map(Some).map_err(|_| refused(what() + " must be a function")),
    }
}

/// The functions the package's loop calls, as the object `io` it reads them
/// from (`token`, `beforeRequest`, `afterResponse`, `beforeRetry`, `onError`:
/// each named as the step that calls it), and which of them there are.
/// `given` is the options' `hooks` (each optional), `provider` the `token`
/// option when it is a function; `token` is redacted from what reading them throws.
pub(crate) fn hooks(
    given: &JsValue,
    provider: Option<&Function>,
    token: &str,
) -> Result<(JsValue, HookSet), ClientError> {
    let io: JsValue = js_sys::Object::new().into();
    let mut set_of = HookSet::default();
    if let Some(provider) = provider {
        set(&io, "token", provider);
        set_of.token_provider = true;
    }
    if given.is_undefined() {
        return Ok((io, set_of));
    }
    if !given.is_object() {
        return Err(refused(String::from("hooks must be an object of functions")));
    }
    for (name, slot) in [
        ("beforeRequest", &mut set_of.before_request),
        ("afterResponse", &mut set_of.after_response),
        ("beforeRetry", &mut set_of.before_retry),
        ("onError", &mut set_of.on_error),
    ] {
        if let Some(function) = hook_function(given, name, token)? {
            set(&io, name, &function);
            *slot = true;
        }
    }
    Ok((io, set_of))
}
