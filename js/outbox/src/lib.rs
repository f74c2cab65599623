//! licensing-client's `recovery` for JavaScript: the wasm half of
//! `licensing-sdk/outbox` (the JS half stores, sends through the portal's
//! `LicensingClient` and reads; every decision is made here, by the pure
//! functions of `licensing_client::recovery`). Built apart from the SDK's
//! wasm, so that the main entry carries none of it. Each function takes one
//! plain object and answers one (strings, numbers, booleans); the errors it
//! makes are the package's `LicensingError`s (kinds `unknown`, `conflict`,
//! `validation`).
//!
//! ```text
//! admit({ endpoint, text, kept?, keptDigest? })
//!   → { key?, keyId?, digest, touches, same?, error? }     (error: a `conflict` LicensingError)
//! step({ endpoint, text, maybeSent, repeatable, before, beforeRefused, since,
//!        rounds, maxRounds, reads, jitter, maybeSentForMs, settleMs })
//!   → { step, delayMs?, waitMs?, endpoint?, request?, text?, error? }   (step: one of words().steps)
//! afterCall({ endpoint, kind, status, code, message, sent, answered }) → one of words().ends
//! idsOf({ endpoint, payload }) → what is kept of a reconciling read before the first send
//! words() → { steps, ends }
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

fn get(source: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(source, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// A string field; `''` when it is absent or not a string.
fn text(source: &JsValue, key: &str) -> String {
    get(source, key).as_string().unwrap_or_default()
}

/// A number field as a whole number of at least 0; 0 when it is absent, not
/// a number, or not finite.
fn count(source: &JsValue, key: &str) -> u64 {
    match get(source, key).as_f64() {
        Some(n) if n.is_finite() && n > 0.0 => n as u64,
        _ => 0,
    }
}

fn flag(source: &JsValue, key: &str) -> bool {
    get(source, key).as_bool().unwrap_or(false)
}

fn object() -> JsValue {
    js_sys::Object::new().into()
}

fn strings(items: &[&str]) -> JsValue {
    items.iter().map(|item| JsValue::from_str(item)).collect::<js_sys::Array>().into()
}

/// A `LicensingError` of the outbox: `kind`, `message`, `sent`.
fn error(kind: &str, message: &str, sent: bool) -> JsValue {
    let error: JsValue = js_sys::Error::new(message).into();
    set(&error, "name", &JsValue::from_str("LicensingError"));
    set(&error, "kind", &JsValue::from_str(kind));
    set(&error, "sent", &JsValue::from_bool(sent));
    error
}

/// The endpoint `input.endpoint` names, or `{ error }` with the `validation`
/// LicensingError that says there is none.
fn endpoint_of(input: &JsValue) -> Result<Endpoint, JsValue> {
    let name = text(input, "endpoint");
    name.parse::<Endpoint>().map_err(|_| {
        let out = object();
        set(&out, "error", &error("validation", &(String::from("no such endpoint: ") + &name), false));
        out
    })
}

/// `text`, or none when it is empty (no JSON text, no key, is empty).
fn given(text: &str) -> Option<&str> {
    (!text.is_empty()).then_some(text)
}

/// The words of the steps and of the ends (licensing-client's
/// `Recovery::WORDS`, `AfterCall::WORDS`): what the JS runner switches on, a
/// test holds it to them.
#[wasm_bindgen]
pub fn words() -> JsValue {
    let out = object();
    set(&out, "steps", &strings(Recovery::WORDS));
    set(&out, "ends", &strings(AfterCall::WORDS));
    out
}

/// May a write the client has validated be stored? Its repeat `key` and
/// `keyId` (none without a key), its `digest` and what it `touches`; given
/// `kept` (the text of a job kept under that keyId) or `keptDigest` (the
/// digest of one whose job was pruned), `same: true` when it is that request,
/// and `error`, a `conflict` LicensingError, when it is another.
#[wasm_bindgen]
pub fn admit(input: JsValue) -> JsValue {
    let endpoint = match endpoint_of(&input) {
        Ok(endpoint) => endpoint,
        Err(out) => return out,
    };
    let body = text(&input, "text");
    let out = object();
    if let Some(key) = recovery::write_key(endpoint, &body) {
        set(&out, "key", &JsValue::from_str(&key));
    }
    if let Some(key_id) = recovery::key_id(endpoint, &body) {
        set(&out, "keyId", &JsValue::from_str(&key_id));
    }
    if let Some(digest) = licensing_core::request::request_digest(&body) {
        set(&out, "digest", &JsValue::from_str(&digest));
    }
    let touched = licensing_core::request::touched(endpoint, &body);
    set(&out, "touches", &touched.iter().map(|t| JsValue::from_str(t)).collect::<js_sys::Array>().into());
    let (kept, kept_digest) = (text(&input, "kept"), text(&input, "keptDigest"));
    let (admission, pruned) = match (given(&kept), given(&kept_digest)) {
        (Some(kept), _) => (recovery::admission(&body, Some(kept)), false),
        (None, Some(digest)) => (recovery::admission_of_digest(&body, digest), true),
        (None, None) => (Admission::New, false),
    };
    match admission {
        Admission::New => {}
        Admission::Same => set(&out, "same", &JsValue::TRUE),
        _ => set(&out, "error", &error("conflict", &recovery::conflict_message(endpoint, &body, pruned), false)),
    }
    out
}

/// The next step for a stored write (`maybeSent`: handed to the client with
/// no verdict since; `before` / `since`: its reconciling reads' payloads as
/// JSON text, `''` for none; `rounds`: its calls without a verdict, over
/// every life; `maxRounds`: the outbox's bound, 0 for the default; `reads`:
/// its reconciling reads since the send that found nothing; `jitter`: a
/// number in [0, 1); `maybeSentForMs`: how long this life has known it as
/// maybe sent, by a monotonic clock, -1 for unknown; `settleMs`: its
/// attempt's timeout, 0 for the client's default). `delayMs`: the backoff
/// before a step after a round without a verdict (a retry may skip it);
/// `waitMs`: how long the lost send may still be working (nothing skips it);
/// `error` of a step `unknown`: kind `unknown`, with `check`.
#[wasm_bindgen]
pub fn step(input: JsValue) -> JsValue {
    let endpoint = match endpoint_of(&input) {
        Ok(endpoint) => endpoint,
        Err(out) => return out,
    };
    let (body, before, since) = (text(&input, "text"), text(&input, "before"), text(&input, "since"));
    let known = if flag(&input, "maybeSent") { Known::MaybeSent } else { Known::Stored };
    let mut write = StoredWrite::new(endpoint, &body, known);
    write.repeatable = flag(&input, "repeatable");
    write.before = given(&before);
    write.before_refused = flag(&input, "beforeRefused");
    write.since = given(&since);
    write.rounds = u32::try_from(count(&input, "rounds")).unwrap_or(u32::MAX);
    if let Ok(max_rounds @ 1..) = u32::try_from(count(&input, "maxRounds")) {
        write.max_rounds = max_rounds;
    }
    write.reads = u32::try_from(count(&input, "reads")).unwrap_or(u32::MAX);
    write.maybe_sent_for_ms = get(&input, "maybeSentForMs").as_f64().filter(|ms| *ms >= 0.0).map(|ms| ms as u64);
    if let Ok(settle_ms @ 1..) = u32::try_from(count(&input, "settleMs")) {
        write.settle_ms = settle_ms;
    }
    let jitter = get(&input, "jitter").as_f64().unwrap_or(0.5);
    let next = recovery::recovery(&write);
    let out = object();
    let delay = || JsValue::from_f64(f64::from(recovery::resend_delay_ms(write.rounds, jitter)));
    match &next {
        Recovery::Send => set(&out, "delayMs", &delay()),
        Recovery::Read { endpoint, request, wait_ms } => {
            set(&out, "endpoint", &JsValue::from_str(endpoint.name()));
            set(&out, "request", &JsValue::from_str(request));
            set(&out, "delayMs", &delay());
            set(&out, "waitMs", &JsValue::from_f64(*wait_ms as f64));
        }
        Recovery::Settled { data } => set(&out, "text", &JsValue::from_str(data)),
        Recovery::Unknown { check } => {
            let unknown = error("unknown", &recovery::unknown_message(endpoint, check), true);
            set(&unknown, "check", &JsValue::from_str(check));
            set(&out, "error", &unknown);
        }
        _ => {}
    }
    set(&out, "step", &JsValue::from_str(next.word()));
    out
}

/// What a call's end makes of the job that sent it, from its LicensingError's
/// `kind` (`''`: the call answered), `status` (0: none), `code` (`''`: none),
/// `message` (what tells a refused nonce: `ClientError::is_nonce_refused`)
/// and `sent` (`answered`: a hook failed after the answer, and the error
/// holds its `data`): one of `words().ends`.
#[wasm_bindgen(js_name = afterCall)]
pub fn after_call(input: JsValue) -> String {
    let kind = text(&input, "kind");
    let (Ok(endpoint), Some(kind)) = (endpoint_of(&input), given(&kind)) else {
        let end = if kind.is_empty() { AfterCall::Settled } else { AfterCall::Failed };
        return String::from(end.word());
    };
    let mut error = ClientError::new(ErrorKind::parse(kind).unwrap_or(ErrorKind::Decode), text(&input, "message"));
    error.status = u16::try_from(count(&input, "status")).ok().filter(|status| *status != 0);
    error.code = given(&text(&input, "code")).map(str::to_owned);
    error.sent = flag(&input, "sent");
    String::from(recovery::after_call(endpoint, &error, flag(&input, "answered")).word())
}

/// What an outbox keeps of a reconciled write's read taken before its first
/// send (`payload`, JSON text): only what tells its records apart (their
/// ids), never the rest of what the read listed; `undefined` when the
/// endpoint reconciles nothing or the payload is no list of records.
#[wasm_bindgen(js_name = idsOf)]
pub fn ids_of(input: JsValue) -> JsValue {
    let Ok(endpoint) = endpoint_of(&input) else { return JsValue::UNDEFINED };
    let kept = endpoint.reconcile().and_then(|reconcile| reconcile.ids_of(&text(&input, "payload")));
    kept.map_or(JsValue::UNDEFINED, |kept| JsValue::from_str(&kept))
}
