//! `LicensingClient` for JavaScript: a thin class over [`crate::client::Client`].
//!
//! ```js
//! import { LicensingClient } from 'licensing-sdk';
//! const client = new LicensingClient({ baseUrl: 'http://127.0.0.1:8787', token: 'dev-order-token', appKey: 'app-1' });
//! try {
//!   const results = await client.batchOrder(order, { timeoutMs: 5000 });
//! } catch (err) {
//!   if (err.kind === 'validation') showIssues(err.issues);
//!   else if (err.kind === 'business') alert(`${err.code}: ${err.message}`);
//! }
//! ```

use std::rc::Rc;

use js_sys::Promise;
use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::validate::{issues_json, Issue, Locale, Profile};
use licensing_core::wire::Endpoint;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

use crate::hooks_js;
use crate::interop::{self, get, set};
use crate::js_error::to_js_error;
use licensing_client::fetch::{FetchTransport, JsClock};
use licensing_client::{BodyText, CallOptions, Client, ClientOptions, Phase, WarningHook};

/// An integer option: `None` when absent; an error naming it when it is not a
/// whole number from 0 to 2³² − 1 (`Client::new` then checks its own range).
fn int_option(name: &str, value: &JsValue) -> Result<Option<u32>, ClientError> {
    if value.is_undefined() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => Ok(Some(n as u32)),
        _ => {
            let mut message = String::from(name);
            message.push_str(" must be a whole number of at least 0");
            Err(ClientError::new(ErrorKind::Validation, message))
        }
    }
}

/// The client's `onWarnings` as a Rust hook: called with `{ endpoint, phase,
/// issues }`; what it throws is ignored (a hook cannot fail a call).
fn warning_hook(hook: js_sys::Function) -> WarningHook {
    Rc::new(move |endpoint: Endpoint, phase: Phase, issues: &[Issue]| {
        let event: JsValue = js_sys::Object::new().into();
        set(&event, "endpoint", &JsValue::from_str(endpoint.name()));
        set(&event, "phase", &JsValue::from_str(phase.as_str()));
        set(&event, "issues", &interop::from_json_text(&issues_json(issues)));
        let _ = hook.call1(&JsValue::UNDEFINED, &event);
    })
}

fn options_error(message: &str) -> JsValue {
    to_js_error(&ClientError::new(ErrorKind::Validation, message))
}

/// A client of the Licensing service for browsers, workers and Node 18+.
#[wasm_bindgen(js_name = LicensingClient)]
pub struct JsClient {
    inner: Rc<Client<FetchTransport>>,
}

#[wasm_bindgen(js_class = LicensingClient)]
impl JsClient {
    /// `new LicensingClient({ baseUrl, token, appKey?, timeoutMs?, maxRetries?, retryBaseMs?, locale?, messages?, rules?, onWarnings?, headers?, hooks?, fetch?, clock? })`;
    /// throws a LicensingError of kind `validation` for unusable options.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "LicensingClientOptions")] options: JsValue,
    ) -> Result<JsClient, JsValue> {
        // The token first: what any other option's read throws is repeated
        // with it redacted. What the token's own read throws is not repeated.
        let token = read(&options, "token").map_err(|_| options_error("the option token cannot be read"))?;
        let provider = hooks_js::token_provider(&token);
        let token = match token.as_string() {
            Some(token) => token,
            None if provider.is_some() => String::new(),
            None => return Err(options_error("token is required: a string, or a function that gives one")),
        };
        let option = |key: &str| read_option(&options, key, &token);
        let base_url = option("baseUrl")?.as_string().ok_or_else(|| options_error("baseUrl is required"))?;
        let hooks = hooks_js::hooks(&option("hooks")?, &token).map_err(|e| to_js_error(&e))?;
        let app_key = option("appKey")?.as_string();
        let js_error = |e: ClientError| to_js_error(&e);
        let timeout_ms = int_option("timeoutMs", &option("timeoutMs")?).map_err(js_error)?;
        let max_retries = int_option("maxRetries", &option("maxRetries")?).map_err(js_error)?;
        let retry_base_ms = int_option("retryBaseMs", &option("retryBaseMs")?).map_err(js_error)?;
        let max_response_bytes = int_option("maxResponseBytes", &option("maxResponseBytes")?).map_err(js_error)?;
        let fetch = option("fetch")?;
        let mut transport = match fetch.dyn_ref::<js_sys::Function>() {
            Some(fetch) => FetchTransport::with_fetch(fetch.clone()),
            None if fetch.is_undefined() => FetchTransport::new(),
            None => return Err(options_error("fetch must be a function (input, init) => Promise<Response>")),
        };
        match option("clock")? {
            clock if clock.is_undefined() => {}
            clock => {
                transport = transport.with_clock(JsClock::new(clock).ok_or_else(|| {
                    options_error("clock must have now(), setTimeout(callback, ms) and clearTimeout(handle)")
                })?)
            }
        }
        let locale_option = option("locale")?;
        let locale = locale_option.as_string().and_then(|t| Locale::parse(&t));
        let messages = interop::catalogue(&locale_option, &option("messages")?).map_err(|why| options_error(&why))?;
        let rules = match option("rules")? {
            v if v.is_undefined() => None,
            v => Some(
                v.as_string()
                    .and_then(|name| Profile::parse(&name))
                    .ok_or_else(|| options_error("rules must be 'spec', 'recommended' or 'strict'"))?,
            ),
        };
        let on_warnings = match option("onWarnings")? {
            v if v.is_undefined() => None,
            v => Some(warning_hook(v.dyn_into().map_err(|_| options_error("onWarnings must be a function"))?)),
        };
        let headers = hooks_js::header_pairs(&option("headers")?)
            .map_err(|why| options_error(&licensing_client::redact(&(String::from("headers: ") + &why), &token)))?;
        let mut opts = ClientOptions::new(base_url, token);
        opts.token_provider = provider;
        opts.hooks = hooks;
        opts.app_key = app_key;
        opts.timeout_ms = timeout_ms.unwrap_or(opts.timeout_ms);
        opts.max_retries = max_retries.unwrap_or(opts.max_retries);
        opts.retry_base_ms = retry_base_ms.unwrap_or(opts.retry_base_ms);
        opts.max_response_bytes = max_response_bytes.map_or(opts.max_response_bytes, |max| max as usize);
        opts.locale = locale.unwrap_or(opts.locale);
        opts.messages = messages.map(Into::into);
        opts.rules = rules.unwrap_or(opts.rules);
        opts.on_warnings = on_warnings;
        opts.headers = headers;
        let client = Client::new(opts, transport).map_err(|e| to_js_error(&e))?;
        Ok(JsClient { inner: Rc::new(client) })
    }

    /// Sends a body as the package's JavaScript serialized it (one
    /// `JSON.stringify`, js/src/routing.js): `text`, with NaN and ±Infinity
    /// written as 0.5 at the pointers of the array `detail` (`undefined`:
    /// none); or, when `text` is `undefined`, nothing, `detail` being what
    /// `JSON.stringify` threw (repeated with the token redacted). Each endpoint
    /// method of the package is a call of this (js/src/api.js); not part of the API.
    /// With `__checkOnly: true` in the options, the body is validated as the
    /// call would validate it and nothing is sent: it resolves to `undefined`
    /// or rejects with that LicensingError (licensing-sdk/outbox, before it
    /// stores a write).
    #[wasm_bindgen(js_name = __send)]
    pub fn send(&self, endpoint: JsValue, text: JsValue, detail: JsValue, options: JsValue) -> Promise {
        // JsValues all (not &str, Option<String>, Vec<String>): the glue's
        // conversions cost 0.4 KB of wasm here, for values read once.
        let body = match text.as_string() {
            Some(text) => {
                let non_finite = match detail.dyn_ref::<js_sys::Array>() {
                    Some(pointers) => pointers.iter().filter_map(|p| p.as_string()).collect(),
                    None => Vec::new(),
                };
                Ok((text, non_finite))
            }
            None => Err(hooks_js::said(&detail)),
        };
        self.call(&endpoint.as_string().unwrap_or_default(), body, options)
    }

    /// One non-generic call path for every endpoint (one future type in the wasm).
    fn call(&self, endpoint: &str, body: Result<(String, Vec<String>), String>, options: JsValue) -> Promise {
        let client = self.inner.clone();
        let endpoint = endpoint
            .parse::<Endpoint>()
            .map_err(|_| ClientError::new(ErrorKind::Validation, String::from("no such endpoint: ") + endpoint));
        // An object that is not an AbortSignal of this realm (a fake, another
        // realm's) could not be listened to: refused rather than ignored.
        let signal = match get(&options, "signal") {
            v if v.is_undefined() || v.is_null() => Ok(None),
            v => v.dyn_into::<web_sys::AbortSignal>().map(Some).map_err(|_| {
                ClientError::new(
                    ErrorKind::Validation,
                    "the signal option is not an AbortSignal (of this realm): nothing was sent",
                )
            }),
        };
        let timeout_ms = int_option("timeoutMs", &get(&options, "timeoutMs"));
        // Only validate, send nothing (`__checkOnly: true`): one call path for
        // this too, rather than a method of its own (0.5 KB of wasm, measured).
        let check_only = get(&options, "__checkOnly").is_truthy();
        let repeatable = match get(&options, "repeatable") {
            v if v.is_undefined() => Ok(false),
            v => v.as_bool().ok_or_else(|| ClientError::new(ErrorKind::Validation, "repeatable must be a boolean")),
        };
        future_to_promise(async move {
            let endpoint = endpoint.map_err(|e| to_js_error(&e))?;
            let mut call = CallOptions::default();
            call.signal = signal.map_err(|e| to_js_error(&e))?;
            call.timeout_ms = timeout_ms.map_err(|e| to_js_error(&e))?;
            call.repeatable = repeatable.map_err(|e| to_js_error(&e))?;
            let body = match &body {
                Ok((text, non_finite)) => BodyText::Json { text, non_finite },
                Err(reason) => BodyText::Unserializable(reason),
            };
            // licensing-sdk/outbox validates a write as the call would, before storing it.
            if check_only {
                client.checked_text(endpoint, body).map_err(|e| to_js_error(&e))?;
                return Ok(JsValue::UNDEFINED);
            }
            let answer = client.send_body(endpoint, body, &call).await.map_err(|e| to_js_error(&e))?;
            // As the service sent it; JS parses it with its own JSON.parse.
            Ok(answer.data.map_or(JsValue::UNDEFINED, |raw| interop::from_json_text(raw.as_str())))
        })
    }
}

/// `options[key]`, for the constructor: what a getter or a Proxy throws
/// refuses the options, repeated with `token` redacted. Not a closure: one
/// copy, not one per option.
#[inline(never)]
fn read_option(options: &JsValue, key: &str, token: &str) -> Result<JsValue, JsValue> {
    read(options, key).map_err(|thrown| options_error(&hooks_js::unreadable(key, &thrown, token)))
}

/// `options[key]`; `undefined` when `options` is not an object. What a getter
/// or a Proxy throws is the error.
fn read(options: &JsValue, key: &str) -> Result<JsValue, JsValue> {
    if !options.is_object() {
        return Ok(JsValue::UNDEFINED);
    }
    js_sys::Reflect::get(options, &JsValue::from_str(key))
}
