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
use licensing_client::fetch::FetchTransport;
use licensing_client::{CallOptions, Client, ClientOptions, Phase, WarningHook};

/// An integer option: `None` when absent; an error naming it when it is not a
/// whole number from 0 to 2³² − 1 (`Client::new` then checks its own range).
fn int_option(options: &JsValue, name: &str) -> Result<Option<u32>, ClientError> {
    let value = get(options, name);
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
    /// `new LicensingClient({ baseUrl, token, appKey?, timeoutMs?, maxRetries?, retryBaseMs?, locale?, rules?, onWarnings?, headers?, hooks?, fetch? })`;
    /// throws a LicensingError of kind `validation` for unusable options.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "LicensingClientOptions")] options: JsValue,
    ) -> Result<JsClient, JsValue> {
        let base_url = get(&options, "baseUrl").as_string().ok_or_else(|| options_error("baseUrl is required"))?;
        let token = get(&options, "token");
        let provider = hooks_js::token_provider(&token);
        let token = match token.as_string() {
            Some(token) => token,
            None if provider.is_some() => String::new(),
            None => return Err(options_error("token is required: a string, or a function that gives one")),
        };
        let mut opts = ClientOptions::new(base_url, token);
        opts.token_provider = provider;
        opts.hooks = hooks_js::hooks(&options).map_err(|e| to_js_error(&e))?;
        opts.app_key = get(&options, "appKey").as_string();
        let js_error = |e: ClientError| to_js_error(&e);
        opts.timeout_ms = int_option(&options, "timeoutMs").map_err(js_error)?.unwrap_or(opts.timeout_ms);
        opts.max_retries = int_option(&options, "maxRetries").map_err(js_error)?.unwrap_or(opts.max_retries);
        opts.retry_base_ms = int_option(&options, "retryBaseMs").map_err(js_error)?.unwrap_or(opts.retry_base_ms);
        if let Some(max) = int_option(&options, "maxResponseBytes").map_err(js_error)? {
            opts.max_response_bytes = max as usize;
        }
        let fetch = get(&options, "fetch");
        let transport = match fetch.dyn_ref::<js_sys::Function>() {
            Some(fetch) => FetchTransport::with_fetch(fetch.clone()),
            None if fetch.is_undefined() => FetchTransport::new(),
            None => return Err(options_error("fetch must be a function (input, init) => Promise<Response>")),
        };
        if let Some(locale) = get(&options, "locale").as_string().and_then(|t| Locale::parse(&t)) {
            opts.locale = locale;
        }
        let rules = get(&options, "rules");
        if !rules.is_undefined() && rules.as_string().and_then(|name| Profile::parse(&name)).is_none() {
            return Err(options_error("rules must be 'spec', 'recommended' or 'strict'"));
        }
        opts.rules = interop::profile(&options).unwrap_or(opts.rules);
        let hook = get(&options, "onWarnings");
        if let Some(hook) = hook.dyn_ref::<js_sys::Function>() {
            opts.on_warnings = Some(warning_hook(hook.clone()));
        } else if !hook.is_undefined() {
            return Err(options_error("onWarnings must be a function"));
        }
        let headers = get(&options, "headers");
        if headers.is_object() {
            for entry in js_sys::Object::entries(&headers.unchecked_into()).iter() {
                let pair = js_sys::Array::from(&entry);
                if let (Some(k), Some(v)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                    opts.headers.push((k, v));
                }
            }
        }
        let client = Client::new(opts, transport).map_err(|e| to_js_error(&e))?;
        Ok(JsClient { inner: Rc::new(client) })
    }

    /// One non-generic call path for every method (one future type in the wasm).
    fn call(&self, endpoint: Endpoint, body: JsValue, options: Option<JsValue>) -> Promise {
        let client = self.inner.clone();
        let options = options.unwrap_or(JsValue::UNDEFINED);
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
        let timeout_ms = int_option(&options, "timeoutMs");
        let repeatable = match get(&options, "repeatable") {
            v if v.is_undefined() => Ok(false),
            v => v.as_bool().ok_or_else(|| ClientError::new(ErrorKind::Validation, "repeatable must be a boolean")),
        };
        let body = interop::to_json_text(&body).map_err(|reason| {
            ClientError::new(ErrorKind::Validation, String::from("the body cannot be sent as JSON: ") + &reason)
        });
        future_to_promise(async move {
            let mut call = CallOptions::default();
            call.signal = signal.map_err(|e| to_js_error(&e))?;
            call.timeout_ms = timeout_ms.map_err(|e| to_js_error(&e))?;
            call.repeatable = repeatable.map_err(|e| to_js_error(&e))?;
            let body = body.map_err(|e| to_js_error(&e))?;
            let answer = client.send_json(endpoint, &body, &call).await.map_err(|e| to_js_error(&e))?;
            // As the service sent it; JS parses it with its own JSON.parse.
            Ok(answer.data.map_or(JsValue::UNDEFINED, |raw| interop::from_json_text(raw.as_str())))
        })
    }
}

/// One JS method per endpoint, each a one-line call of `JsClient::call`, written
/// from the endpoint table (`with_endpoints!`, generated by `cargo xtask gen`):
/// the JS name, the Rust name, the endpoint, the TypeScript types of its body
/// and result.
macro_rules! endpoint_methods {
    ($($(#[doc = $doc:literal])* $js:ident => $rust:ident($endpoint:ident, $body:ident) -> $reader:ident $result:ty, $ts_body:literal, $ts_result:literal;)*) => {
        #[wasm_bindgen(js_class = LicensingClient)]
        impl JsClient {
            $(
                #[doc = concat!("`", stringify!($js), "`: validates the body, sends it, resolves with the payload.")]
                #[wasm_bindgen(js_name = $js, unchecked_return_type = $ts_result)]
                pub fn $rust(
                    &self,
                    #[wasm_bindgen(unchecked_param_type = $ts_body)] body: JsValue,
                    #[wasm_bindgen(unchecked_optional_param_type = "CallOptions")] options: Option<JsValue>,
                ) -> Promise {
                    self.call(Endpoint::$endpoint, body, options)
                }
            )*
        }
    };
}

licensing_core::with_endpoints!(endpoint_methods);
