//! `LicensingClient` for JavaScript: its options checked and kept, and each
//! call's steps (licensing-client's `call`, the ones the Rust client takes)
//! for the package's loop to carry out (js/sdk/src-js/client.js: fetch, timers, hooks).
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

use js_sys::Function;
use licensing_client::call::{Action, Around, Call, HookOutcome, HookSet, HookValue, Input, Platform};
use licensing_client::no_answer::NoAnswer;
use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::validate::{issues_json, Issue, Locale, Profile};
use licensing_core::wire::Endpoint;
use wasm_bindgen::prelude::*;

use licensing_client::{BodyText, ClientOptions, HttpResponse, Phase, WarningHook};

use crate::hooks_js;
use crate::interop::{self, error_text, get, set};
use crate::js_error::to_js_error;

/// An integer option: `None` when absent. A value that is no integer from 0
/// to 2³² − 1 (a fraction, a NaN, a negative number) is given as
/// `out_of_range`, a value its range refuses, so that it gets the range's one
/// message (`ClientOptions::check`, or the call's own check of its timeout):
/// before, -1 and 0 were refused in two messages that contradicted each other.
fn int_option(value: &JsValue, out_of_range: u32) -> Option<u32> {
    if value.is_undefined() {
        return None;
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => Some(n as u32),
        _ => Some(out_of_range),
    }
}

/// The client's `onWarnings` as a Rust hook: called with `{ endpoint, phase,
/// issues }`; what it throws is ignored (a hook cannot fail a call; what an
/// `async` one rejects with, the package's JavaScript ignores: api.js).
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
    opts: Rc<ClientOptions>,
    hooks: HookSet,
    /// What the package's loop calls: the hooks and the token provider by
    /// step name, `fetch` and `clock` when given.
    io: JsValue,
    /// The `clock` option (`undefined`: the real one).
    clock: JsValue,
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
        let provider = token.dyn_ref::<Function>().cloned();
        let token = match token.as_string() {
            Some(token) => token,
            None if provider.is_some() => String::new(),
            None => return Err(options_error("token is required: a string, or a function that gives one")),
        };
        let option = |key: &str| read_option(&options, key, &token);
        let base_url = option("baseUrl")?.as_string().ok_or_else(|| options_error("baseUrl is required"))?;
        let (io, hooks) = hooks_js::hooks(&option("hooks")?, provider.as_ref(), &token).map_err(|e| to_js_error(&e))?;
        let app_key = option("appKey")?.as_string();
        // Out of range: 0 for the three that start at 1, u32::MAX for maxRetries (0 to 10).
        let timeout_ms = int_option(&option("timeoutMs")?, 0);
        let max_retries = int_option(&option("maxRetries")?, u32::MAX);
        let retry_base_ms = int_option(&option("retryBaseMs")?, 0);
        let max_response_bytes = int_option(&option("maxResponseBytes")?, 0);
        match option("fetch")? {
            fetch if fetch.is_undefined() => {}
            fetch if fetch.is_function() => set(&io, "fetch", &fetch),
            _ => return Err(options_error("fetch must be a function (input, init) => Promise<Response>")),
        }
        let clock = option("clock")?;
        if !clock.is_undefined() {
            let has = |name: &str| get(&clock, name).is_function();
            if !(has("now") && has("setTimeout") && has("clearTimeout")) {
                return Err(options_error("clock must have now(), setTimeout(callback, ms) and clearTimeout(handle)"));
            }
            set(&io, "clock", &clock);
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
        // With a token provider, no token of the options is sent: the check
        // reads one that passes, and what is kept is empty (nothing to redact).
        let mut opts = ClientOptions::new(base_url, if provider.is_some() { String::from("-") } else { token });
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
        let mut opts = opts.ready().map_err(|e| to_js_error(&e))?;
        if provider.is_some() {
            opts.token = String::new();
        }
        Ok(JsClient { opts: Rc::new(opts), hooks, io, clock })
    }

    /// The error a call of a client rejects with once it was freed (`free()`,
    /// or the end of a `using` scope): the wasm side of it is gone, so the
    /// package's JavaScript asks for it here. Not part of the API.
    #[wasm_bindgen(js_name = __freed)]
    pub fn freed() -> JsValue {
        to_js_error(&ClientError::new(ErrorKind::Validation, "this LicensingClient was freed: nothing was sent"))
    }

    /// The functions the package's loop calls (js/sdk/src-js/client.js): the hooks
    /// and the token provider by step name, `fetch` and `clock` when given.
    /// Not part of the API.
    #[wasm_bindgen(getter, js_name = __io)]
    pub fn io(&self) -> JsValue {
        self.io.clone()
    }

    /// Begins a call of a body as the package's JavaScript serialized it
    /// (one `JSON.stringify`, js/sdk/src-js/routing.js): `text`, with NaN and
    /// ±Infinity written as 0.5 at the pointers of the array `detail`
    /// (`undefined`: none); or, when `text` is `undefined`, nothing, `detail`
    /// being what `JSON.stringify` threw (repeated with the token redacted).
    /// Its steps are the package's loop's to carry out (js/sdk/src-js/client.js); each
    /// endpoint method of the package is a call of this. Not part of the API.
    /// With `__checkOnly: true` in the options, the body is validated as the
    /// call would validate it and nothing is sent: `undefined`, or it throws
    /// that LicensingError (licensing-sdk/outbox, before it stores a write).
    /// Options it cannot use (an endpoint, a signal, a timeout) throw.
    /// `watched`: someone watches the package's events (`watch`), so every
    /// hook step is taken, each announced to them whether or not a hook runs.
    #[wasm_bindgen(js_name = __begin)]
    pub fn begin(
        &self,
        endpoint: JsValue,
        text: JsValue,
        detail: JsValue,
        options: JsValue,
        watched: bool,
    ) -> Result<JsValue, JsValue> {
        // JsValues all (not &str, Option<String>, Vec<String>): the glue's
        // conversions cost 0.4 KB of wasm here, for values read once.
        let js_error = |e: ClientError| to_js_error(&e);
        let name = endpoint.as_string().unwrap_or_default();
        let endpoint = name.parse::<Endpoint>().map_err(|_| {
            js_error(ClientError::new(ErrorKind::Validation, String::from("no such endpoint: ") + &name))
        })?;
        // An object that is not an AbortSignal of this realm (a fake, another
        // realm's) could not be listened to: refused rather than ignored.
        // What a getter or a Proxy of the call's options throws refuses the
        // call (nothing is sent), as the constructor refuses its options:
        // before, the call went out without the signal or the timeout.
        let option = |key: &str| read_option(&options, key, &self.opts.token);
        let signal = match option("signal")? {
            v if v.is_undefined() || v.is_null() => JsValue::UNDEFINED,
            v if v.is_instance_of::<AbortSignal>() => v,
            _ => {
                return Err(js_error(ClientError::new(
                    ErrorKind::Validation,
                    "the signal option is not an AbortSignal (of this realm): nothing was sent",
                )))
            }
        };
        let timeout_ms = int_option(&option("timeoutMs")?, 0);
        // Only validate, send nothing (`__checkOnly: true`): one call path for
        // this too, rather than a method of its own (0.5 KB of wasm, measured).
        let check_only = option("__checkOnly")?.is_truthy();
        let repeatable = match option("repeatable")? {
            v if v.is_undefined() => false,
            v => v
                .as_bool()
                .ok_or_else(|| js_error(ClientError::new(ErrorKind::Validation, "repeatable must be a boolean")))?,
        };
        // `detail`: the pointers of NaN and ±Infinity in `text`, or, with no
        // text, what JSON.stringify threw.
        let text = text.as_string();
        let (non_finite, reason): (Vec<String>, String) = match (&text, detail.dyn_ref::<js_sys::Array>()) {
            (Some(_), Some(pointers)) => (pointers.iter().filter_map(|p| p.as_string()).collect(), String::new()),
            (Some(_), None) => (Vec::new(), String::new()),
            (None, _) => (Vec::new(), hooks_js::said(&detail)),
        };
        let body = match &text {
            Some(text) => BodyText::Json { text, non_finite: &non_finite },
            None => BodyText::Unserializable(&reason),
        };
        let refused = self.opts.checked_text(endpoint, body).err();
        if check_only {
            return match refused {
                Some(error) => Err(js_error(error)),
                None => Ok(JsValue::UNDEFINED),
            };
        }
        // A signal that has fired already ends the call before its first step:
        // nothing is sent, no hook runs, and `sent` is false (before, the loop
        // took the attempt as sent and then saw the abort).
        let refused = refused.or_else(|| signal_aborted(&signal).then(|| NoAnswer::Aborted.error()));
        let timeout_ms = timeout_ms.unwrap_or(self.opts.timeout_ms);
        Ok(JsCall {
            opts: self.opts.clone(),
            body: text.unwrap_or_default(),
            steps: Call::new(endpoint, if watched { self.hooks.watched() } else { self.hooks }, timeout_ms, repeatable),
            refused,
            platform: JsPlatform { clock: self.clock.clone() },
            signal,
            waiting: Waiting::Nothing,
            ms: 0,
        }
        .into())
    }
}

#[wasm_bindgen]
extern "C" {
    /// `AbortSignal`, for `instanceof` (of this realm).
    type AbortSignal;
    /// Whether it has fired; `Err` where an own `aborted` of the object throws.
    #[wasm_bindgen(method, getter, catch)]
    fn aborted(this: &AbortSignal) -> Result<bool, JsValue>;
    /// `crypto.getRandomValues(array)`, straight on the wasm memory; throws
    /// (here: `Err`) where there is no Web Crypto.
    #[wasm_bindgen(catch, js_namespace = crypto, js_name = getRandomValues)]
    fn get_random_values(array: &mut [u8]) -> Result<JsValue, JsValue>;
    /// `now()` of a clock object.
    #[wasm_bindgen(method, catch)]
    fn now(this: &Clock) -> Result<JsValue, JsValue>;
    type Clock;
}

/// The random bytes and the clock of a call in JS.
struct JsPlatform {
    /// The `clock` option (`undefined`: the real one).
    clock: JsValue,
}

impl Platform for JsPlatform {
    /// `crypto.getRandomValues` (windows, workers, Node 19+; the package's
    /// Node entries install Node 18's `webcrypto` as `globalThis.crypto`), at
    /// most 65,536 bytes a call as the standard allows.
    fn random(&self, bytes: &mut [u8]) -> Result<(), ClientError> {
        for chunk in bytes.chunks_mut(65_536) {
            get_random_values(chunk).map_err(|_| NoAnswer::NoRandom.error())?;
        }
        Ok(())
    }

    /// The clock's `now()` if it gives a finite number, else `Date.now()`.
    fn now_ms(&self) -> Option<f64> {
        if self.clock.is_undefined() {
            return Some(js_sys::Date::now());
        }
        self.clock.unchecked_ref::<Clock>().now().ok()?.as_f64().filter(|ms| ms.is_finite())
    }
}

/// Which wait the call's next input ends.
#[derive(Clone, Copy, PartialEq)]
enum Waiting {
    Nothing,
    Token,
    BeforeRequest,
    /// A hook whose value the call does not use.
    Hook,
    /// The exchange.
    Answer,
    Sleep,
}

/// One call's steps, as the package's loop carries them out (js/sdk/src-js/client.js):
/// each method says how the last step's wait ended and gives the next step
/// as a plain object (`step` names it). Not part of the API.
#[wasm_bindgen(js_name = LicensingCall)]
pub struct JsCall {
    opts: Rc<ClientOptions>,
    /// The checked text (empty when refused).
    body: String,
    steps: Call,
    /// Why the body is refused, if it is: the first step ends the call.
    refused: Option<ClientError>,
    platform: JsPlatform,
    signal: JsValue,
    waiting: Waiting,
    /// The time the wait in course was given (what a timeout names).
    ms: u32,
}

#[wasm_bindgen(js_class = LicensingCall)]
impl JsCall {
    /// The caller's `AbortSignal`, if any.
    #[wasm_bindgen(getter)]
    pub fn signal(&self) -> JsValue {
        self.signal.clone()
    }

    /// The first step.
    pub fn start(&mut self) -> JsValue {
        let action = match self.refused.take() {
            Some(error) => self.steps.refuse(error),
            None => self.next(Input::Start),
        };
        self.step(action)
    }

    /// The hook (or the token provider) settled with `value`.
    pub fn settled(&mut self, value: JsValue) -> JsValue {
        let value = match self.waiting {
            Waiting::Token => Ok(hooks_js::read_token(&value)),
            Waiting::BeforeRequest => hooks_js::read_headers(&value),
            _ => Ok(HookValue::Unit),
        };
        self.go(Input::Hook(HookOutcome::Settled(value)))
    }

    /// The hook (or the token provider) threw or rejected with `thrown`.
    pub fn threw(&mut self, thrown: JsValue) -> JsValue {
        self.go(Input::Hook(HookOutcome::Settled(Err(hooks_js::said(&thrown)))))
    }

    /// The hook (or the token provider) did not settle in the time it was given.
    #[wasm_bindgen(js_name = timedOut)]
    pub fn timed_out(&mut self) -> JsValue {
        self.go(Input::Hook(HookOutcome::TimedOut))
    }

    /// The answer came: its status, its body's bytes, its `Retry-After`.
    pub fn answered(&mut self, status: u16, body: Vec<u8>, retry_after: Option<String>) -> JsValue {
        let answer = match String::from_utf8(body) {
            Ok(body) => {
                let mut response = HttpResponse::new(status, body);
                response.retry_after = retry_after;
                Ok(response)
            }
            Err(_) => Err(NoAnswer::NotUtf8 { status }.error()),
        };
        self.go(Input::Answer(answer))
    }

    /// The wait before a retry ended.
    pub fn slept(&mut self) -> JsValue {
        self.go(Input::Slept(Ok(())))
    }

    /// The wait in course ended without what it waited for: `why` names the
    /// fact (see `no_answer`), `status` the answer's when one came, `thrown`
    /// what the runtime or the clock threw.
    pub fn failed(&mut self, why: &str, status: Option<u16>, thrown: JsValue) -> JsValue {
        // What the runtime said, the attempt's token scrubbed (a `fetch` or a
        // body stream that failed with the Authorization header in its words).
        let said = |fallback| self.steps.redact(&error_text(&thrown, fallback));
        let status_or_0 = status.unwrap_or(0);
        let error = match why {
            "aborted" => NoAnswer::Aborted.error(),
            "timedOut" => NoAnswer::TimedOut { ms: self.ms }.error(),
            "unbuildable" => NoAnswer::Unbuildable(&said("fetch failed")).error(),
            "headerRefused" => NoAnswer::HeaderRefused.error(),
            "notAnObject" => NoAnswer::NotAResponse("not an object").error(),
            "statusThrew" => NoAnswer::NotAResponse("reading status threw").error(),
            "noStatus" => NoAnswer::NotAResponse("no numeric status").error(),
            "bodyThrew" => NoAnswer::BodyThrew { status: status_or_0 }.error(),
            "redirect" => NoAnswer::Redirect { status }.error(),
            "tooLarge" => NoAnswer::TooLarge { status: status_or_0, max_bytes: self.opts.max_response_bytes }.error(),
            "bodyLocked" => NoAnswer::BodyLocked { status: status_or_0 }.error(),
            "bodyFailed" => NoAnswer::BodyFailed { status: status_or_0 }.error(),
            "notBytes" => NoAnswer::NotBytes { status: status_or_0 }.error(),
            "clockThrew" => NoAnswer::ClockThrew(&said("an error")).error(),
            // "network": what the runtime threw (js/sdk/tests/client-words.test.mjs holds
            // the words above to the ones js/sdk/src-js/client.js reports).
            _ => NoAnswer::Network(&said("fetch failed")).error(),
        };
        let input = match self.waiting {
            Waiting::Answer => Input::Answer(Err(error)),
            Waiting::Sleep => Input::Slept(Err(error)),
            _ => Input::Hook(HookOutcome::Aborted(error)),
        };
        self.go(input)
    }
}

impl JsCall {
    fn next(&mut self, input: Input) -> Action {
        let around = Around { opts: &self.opts, body: &self.body, platform: &self.platform };
        self.steps.next(around, input)
    }

    fn go(&mut self, input: Input) -> JsValue {
        let action = self.next(input);
        self.step(action)
    }

    /// `action` as the plain object the loop reads; the wait it begins.
    fn step(&mut self, action: Action) -> JsValue {
        let object: JsValue = js_sys::Object::new().into();
        let (name, waiting, ms) = match action {
            Action::Token { request, ms } => {
                set(&object, "event", &hooks_js::token_request(&request));
                ("token", Waiting::Token, ms)
            }
            Action::BeforeRequest { event, ms } => {
                set(&object, "event", &hooks_js::request_event(&event));
                ("beforeRequest", Waiting::BeforeRequest, ms)
            }
            Action::Send { method, url, headers, post, ms } => {
                set(&object, "method", &JsValue::from_str(method.as_str()));
                set(&object, "url", &JsValue::from_str(&url));
                let pairs = js_sys::Array::new();
                for (name, value) in &headers {
                    pairs.push(&js_sys::Array::of2(&JsValue::from_str(name), &JsValue::from_str(value)));
                }
                set(&object, "headers", &pairs);
                set(&object, "post", &JsValue::from_bool(post));
                set(&object, "maxBytes", &JsValue::from_f64(self.opts.max_response_bytes as f64));
                ("send", Waiting::Answer, ms)
            }
            Action::AfterResponse { event, ms } => {
                set(&object, "event", &hooks_js::response_event(&event));
                ("afterResponse", Waiting::Hook, ms)
            }
            Action::BeforeRetry { event, ms } => {
                set(&object, "event", &hooks_js::retry_event(&event));
                ("beforeRetry", Waiting::Hook, ms)
            }
            Action::Sleep { ms } => ("sleep", Waiting::Sleep, ms),
            Action::OnError { event, ms } => {
                set(&object, "event", &hooks_js::error_event(&event));
                ("onError", Waiting::Hook, ms)
            }
            Action::Done(answer) => {
                // As the service sent it; JS parses it with its own JSON.parse.
                let data = answer.data.map_or(JsValue::UNDEFINED, |raw| interop::from_json_text(raw.as_str()));
                set(&object, "data", &data);
                ("done", Waiting::Nothing, 0)
            }
            Action::Failed(error) => {
                set(&object, "error", &to_js_error(&error));
                ("failed", Waiting::Nothing, 0)
            }
            // Steps a later licensing-client may add end the call here, until
            // the loop knows them.
            _ => {
                let error = ClientError::new(ErrorKind::Validation, "a step this package does not know");
                set(&object, "error", &to_js_error(&error));
                ("failed", Waiting::Nothing, 0)
            }
        };
        (self.waiting, self.ms) = (waiting, ms);
        set(&object, "step", &JsValue::from_str(name));
        set(&object, "ms", &JsValue::from_f64(f64::from(ms)));
        object
    }
}

/// Whether `signal` (an `AbortSignal`, or `undefined`) has fired; a signal
/// whose `aborted` cannot be read is taken as not fired (the loop's own reads
/// then see what it does).
fn signal_aborted(signal: &JsValue) -> bool {
    !signal.is_undefined() && signal.unchecked_ref::<AbortSignal>().aborted().unwrap_or(false)
}

/// `options[key]`, for the constructor and a call's options: what a getter
/// or a Proxy throws refuses them, repeated with `token` redacted. Not a closure: one
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
