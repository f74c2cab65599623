//! licensing-client's `recovery` for JavaScript: the wasm half of
//! `licensing-sdk/outbox` (js/src/outbox.js stores, sends through the
//! portal's `LicensingClient` and reads; every decision is made here, by the
//! pure functions of `licensing_client::recovery`). Built apart from the
//! SDK's wasm, so that the main entry carries none of it. Plain values cross
//! (strings, numbers, booleans); the errors it makes are the package's
//! `LicensingError`s (kinds `unknown` and `conflict`).
//!
//! ```text
//! admit('batchOrder', text, keptText) → { key, same? }   (throws a `conflict` LicensingError)
//! step('batchOrder', text, known, repeatable, before, since, rounds, jitter)
//!   → { step: 'send', delayMs } | { step: 'read', endpoint, request } | { step: 'settled', text } | { step: 'unknown', error }
//! afterCall('batchOrder', kind, status, code, sent, answered) → 'settled' | 'failed' | 'stored' | 'maybe-sent'
//! ```

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use licensing_client::recovery::{self, Admission, AfterCall, Known, Recovery, StoredWrite};
use licensing_core::response::{ClientError, ErrorKind};
use licensing_core::wire::Endpoint;
use wasm_bindgen::prelude::*;

fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(target, &JsValue::from_str(key), value);
}

/// A `LicensingError` of the outbox: `kind`, `message`, `sent`.
fn error(kind: &str, message: &str, sent: bool) -> JsValue {
    let error: JsValue = js_sys::Error::new(message).into();
    set(&error, "name", &JsValue::from_str("LicensingError"));
    set(&error, "kind", &JsValue::from_str(kind));
    set(&error, "sent", &JsValue::from_bool(sent));
    error
}

/// The endpoint of a name, or the `validation` LicensingError that says there
/// is none, as `{ error }`.
fn endpoint_named(name: &str) -> Result<Endpoint, JsValue> {
    name.parse::<Endpoint>().map_err(|_| {
        let out = object();
        set(&out, "error", &error("validation", &(String::from("no such endpoint: ") + name), false));
        out
    })
}

fn object() -> JsValue {
    js_sys::Object::new().into()
}

/// `text`, or none when it is empty (no JSON text, no key, is empty).
fn given(text: &str) -> Option<&str> {
    (!text.is_empty()).then_some(text)
}

/// May a write the client has validated be stored? `{ key }`, its repeat key
/// (`undefined`: none); given `kept` (the text of a job kept under that key;
/// `''`: none), `{ key, same: true }` when it is that job's request, and `{
/// key, error }` with a `conflict` LicensingError when it is another. Strings
/// in, one object out (no `Option` or `Result` across: their shims were a
/// third of this wasm).
#[wasm_bindgen]
pub fn admit(endpoint: &str, text: &str, kept: &str) -> JsValue {
    let endpoint = match endpoint_named(endpoint) {
        Ok(endpoint) => endpoint,
        Err(out) => return out,
    };
    let key = recovery::write_key(endpoint, text);
    let out = object();
    set(&out, "key", &key.as_deref().map_or(JsValue::UNDEFINED, JsValue::from_str));
    match recovery::admission(text, given(kept)) {
        Admission::New => {}
        Admission::Same => set(&out, "same", &JsValue::TRUE),
        _ => {
            let message = recovery::conflict_message(endpoint, key.as_deref().unwrap_or_default());
            set(&out, "error", &error("conflict", &message, false));
        }
    }
    out
}

/// The next step for a stored write (`known`: 0 stored, 1 maybe sent, plus 2
/// when its reconciling read before the first send was refused; `before` /
/// `since`: that read's payloads as JSON text, `''` for none; `rounds`: its
/// calls without a verdict since the outbox opened; `jitter`: a number in
/// [0, 1); `sinceSentMs`: how long ago its last send began, -1 for unknown;
/// `settleMs`: its attempt's timeout, 0 for the client's default): `{ step:
/// 'send', delayMs }`, `{ step: 'read', endpoint, request, delayMs, waitMs }`,
/// `{ step: 'settled', text }` or `{ step: 'unknown', error }` (kind
/// `unknown`, with `check`). `delayMs`: the backoff before a step after a
/// round without a verdict (a retry may skip it); `waitMs`: how long the
/// lost send may still be working (nothing skips it).
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn step(
    endpoint: &str,
    text: &str,
    known: u32,
    repeatable: bool,
    before: &str,
    since: &str,
    rounds: u32,
    jitter: f64,
    since_sent_ms: f64,
    settle_ms: u32,
) -> JsValue {
    let endpoint = match endpoint_named(endpoint) {
        Ok(endpoint) => endpoint,
        Err(out) => return out,
    };
    let mut write = StoredWrite::new(endpoint, text, if known & 1 == 0 { Known::Stored } else { Known::MaybeSent });
    write.before_refused = known & 2 != 0;
    write.repeatable = repeatable;
    write.before = given(before);
    write.since = given(since);
    write.since_sent_ms = (since_sent_ms >= 0.0).then_some(since_sent_ms as u64);
    if settle_ms > 0 {
        write.settle_ms = settle_ms;
    }
    let out = object();
    let delay = || JsValue::from_f64(f64::from(recovery::resend_delay_ms(rounds, jitter)));
    let (step, check) = match recovery::recovery(&write) {
        Recovery::Send => {
            set(&out, "delayMs", &delay());
            ("send", None)
        }
        Recovery::Read { endpoint, request, wait_ms } => {
            set(&out, "endpoint", &JsValue::from_str(endpoint.name()));
            set(&out, "request", &JsValue::from_str(&request));
            set(&out, "delayMs", &delay());
            set(&out, "waitMs", &JsValue::from_f64(wait_ms as f64));
            ("read", None)
        }
        Recovery::Settled { data } => {
            set(&out, "text", &JsValue::from_str(&data));
            ("settled", None)
        }
        Recovery::Unknown { check } => ("unknown", Some(check)),
        // A step newer than this binding: nothing is sent, the job ends unknown.
        _ => ("unknown", Some(endpoint.when_unknown().unwrap_or("the service's own records"))),
    };
    if let Some(check) = check {
        let unknown = error("unknown", &recovery::unknown_message(endpoint, check), true);
        set(&unknown, "check", &JsValue::from_str(check));
        set(&out, "error", &unknown);
    }
    set(&out, "step", &JsValue::from_str(step));
    out
}

/// What a call's end makes of the job that sent it, from its LicensingError's
/// `kind` (`''`: the call answered), `status` (0: none), `code` (`''`: none)
/// and `sent` (`answered`: a hook failed after the answer, and the error
/// holds its `data`): `settled`, `failed`, `stored` or `maybe-sent`.
#[wasm_bindgen(js_name = afterCall)]
pub fn after_call(endpoint: &str, kind: &str, status: u16, code: &str, sent: bool, answered: bool) -> String {
    let (Ok(endpoint), Some(kind)) = (endpoint.parse::<Endpoint>(), given(kind)) else {
        return String::from(if kind.is_empty() { "settled" } else { "failed" });
    };
    let mut error = ClientError::new(ErrorKind::parse(kind).unwrap_or(ErrorKind::Decode), "");
    error.status = (status != 0).then_some(status);
    error.code = given(code).map(str::to_owned);
    error.sent = sent;
    let end = match recovery::after_call(endpoint, &error, answered) {
        AfterCall::Settled => "settled",
        AfterCall::Stored => "stored",
        AfterCall::MaybeSent => "maybe-sent",
        _ => "failed",
    };
    String::from(end)
}
