//! A reusable buffer in wasm memory that the JS entries write JSON text into
//! with `TextEncoder.encodeInto`, for `validate`, `validateJson` and `validateField`.
//!
//! ```js
//! // js/sdk/src-js/validation.js (onInput) does this for validateJson:
//! const ptr = glue.__textInput(capacity);
//! const { written } = encoder.encodeInto(text, new Uint8Array(memory.buffer, ptr, capacity));
//! // The full wasm gives the report's JSON text, which `settle` (instance.js)
//! // reads with report-text.js; the validation-only wasm gives the object.
//! const report = settle(glue.__validateInput(endpoint, written, options));
//! ```
//!
//! Why not a `String` parameter: wasm-bindgen copies a JS string into wasm memory
//! with a JS loop over its characters up to the first non-ASCII one, then
//! `encodeInto` for the rest into a buffer it reallocates twice. Measured on a
//! 390 KB batch order in Node 20: 1.0 ms for ASCII text, against 0.2 ms for one
//! `encodeInto`. The buffer stays allocated between calls (at the largest size
//! asked for), so a call costs no allocation and no zero-filling.

use std::cell::RefCell;

use licensing_core::validate as core_validate;
use wasm_bindgen::prelude::*;

use crate::interop;
use crate::validate::endpoint_or_report;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes room for `capacity` bytes of input and returns where they start (a byte
/// offset into the wasm memory). Internal to the package's entries.
#[wasm_bindgen(js_name = __textInput)]
pub fn text_input(capacity: usize) -> usize {
    INPUT.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        if buffer.len() < capacity {
            // Zero-filled once per growth: every byte JS may write is initialized.
            buffer.resize(capacity, 0);
        }
        buffer.as_mut_ptr() as usize
    })
}

/// The wasm memory, for the entries' view onto the input buffer.
#[wasm_bindgen(js_name = __memory)]
pub fn memory() -> JsValue {
    wasm_bindgen::memory()
}

/// `__validateInput`'s `call`: `value` is the body `validate` could not serialize
/// (read again here for why).
pub const CALL_VALIDATE_VALUE: u8 = 1;
/// `__validateInput`'s `call`: `value` is what `validateJson` got instead of a string.
pub const CALL_VALIDATE_JSON_VALUE: u8 = 2;
/// `__validateInput`'s `call`: `value` is the count of errors a form leaves out
/// (`createSchemas({ touched })`): the report is their `untouched` issue.
pub const CALL_UNTOUCHED: u8 = 3;
/// `__validateInput`'s `call`: `checkMessages(options)` (`[locale, ...missing]`, or why not).
pub const CALL_CHECK_MESSAGES: u8 = 4;
/// `__validateInput`'s `call`: the input is a vouched text, the fast path's
/// (licensing-core's `validate_vouched_json`).
pub const CALL_VALIDATE_VOUCHED: u8 = 5;

/// Validates the first `len` bytes written into the input buffer: the whole
/// body (`validateJson`); with `pointer`, the issues of that field
/// (licensing-core's `validate_field_json`, for `validateField`); with `call`
/// [`CALL_VALIDATE_VOUCHED`], the text `validate` and `validateField` write,
/// whose values the fast path proved clean are vouched
/// (`validate_vouched_json`). One export for all: each export costs the wasm
/// its own wrapper.
#[wasm_bindgen(js_name = __validateInput, unchecked_return_type = "ValidationReport | string")]
pub fn validate_input(
    #[wasm_bindgen(unchecked_param_type = "Endpoint")] endpoint: JsValue,
    len: usize,
    #[wasm_bindgen(unchecked_param_type = "ValidateOptions | undefined")] options: JsValue,
    pointer: Option<String>,
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
    call: u8,
) -> JsValue {
    // The package's other calls into the validators, through this one export
    // rather than one each: each export costs the wasm its own wrapper (the
    // four together 3 KB before wasm-opt). Each reads the options, finds the
    // endpoint and writes its report once, below: the calls share those steps
    // rather than each inlining its own copy of them.
    if call == CALL_CHECK_MESSAGES {
        return crate::messages::check_messages(options);
    }
    // The input is taken out of its buffer before anything JS can run (the
    // options' getters, a body's toJSON): a validator called from there writes
    // a buffer of its own, not over this call's text. Put back after.
    let input = INPUT.with(|buffer| std::mem::take(&mut *buffer.borrow_mut()));
    let opts = interop::options(&options);
    let report = match (call, endpoint_or_report(&endpoint, &opts)) {
        // The untouched count names no endpoint.
        (CALL_UNTOUCHED, _) => untouched(value.as_f64().unwrap_or(0.0) as usize, &opts),
        (_, Err(report)) => report,
        (_, Ok(e)) => {
            // The text of the calls that pass a value instead of writing the
            // input buffer (serialized once the endpoint is known), or why
            // there is none.
            let given: Option<Result<String, String>> = match call {
                CALL_VALIDATE_VALUE => Some(interop::to_json_text(&value)),
                CALL_VALIDATE_JSON_VALUE => {
                    Some(value.as_string().ok_or_else(|| String::from("validateJson expects a string")))
                }
                _ => None,
            };
            let text: Result<&str, &str> = match &given {
                Some(given) => given.as_deref().map_err(String::as_str),
                None => match input.get(..len).map(std::str::from_utf8) {
                    Some(Ok(text)) => Ok(text),
                    // Not reachable through the entries (encodeInto writes UTF-8 within
                    // the room asked for); still a report, never a panic.
                    Some(Err(_)) => Err("the input is not UTF-8"),
                    None => Err("the input is longer than its buffer"),
                },
            };
            match (text, &pointer, call == CALL_VALIDATE_VOUCHED) {
                (Err(reason), _, _) => core_validate::invalid_json(reason, &opts),
                (Ok(text), Some(pointer), true) => core_validate::validate_vouched_field_json(e, pointer, text, &opts),
                (Ok(text), Some(pointer), false) => core_validate::validate_field_json(e, pointer, text, &opts),
                (Ok(text), None, true) => core_validate::validate_vouched_json(e, text, &opts),
                (Ok(text), None, false) => core_validate::validate_json(e, text, &opts),
            }
        }
    };
    // The larger buffer stays, so that the next call of that size allocates nothing.
    INPUT.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        if input.len() > buffer.len() {
            *buffer = input;
        }
    });
    report_value(&report)
}

/// A report as the entry's JavaScript reads it (`settle` in js/sdk/src-js/instance.js):
/// the default entries' wasm gives its JSON text, which their reader
/// (js/sdk/src-js/report-text.js) reads about three times as fast as
/// `JSON.parse` (docs/design.md, "Bodies with errors"); the validation-only
/// wasm, whose entry has no room for that reader, the object `JSON.parse`
/// makes of it.
fn report_value(report: &core_validate::Report) -> JsValue {
    let text = report.to_json();
    if cfg!(feature = "client") {
        JsValue::from_str(&text)
    } else {
        interop::from_json_text(&text)
    }
}

/// The report whose one issue counts `count` errors a form leaves out
/// (`createSchemas({ touched })`), in the options' locale.
fn untouched(count: usize, opts: &core_validate::Options) -> core_validate::Report {
    core_validate::Report::from_issues(core_validate::untouched_issue(count, opts).into_iter().collect())
}

/// The issue of the body as a whole that counts `count` errors a form leaves
/// out (`createSchemas({ touched })`), in the options' locale: the one issue
/// of a report.
pub fn untouched_report(count: usize, options: Option<JsValue>) -> JsValue {
    let opts = interop::options(&options.unwrap_or(JsValue::UNDEFINED));
    report_value(&untouched(count, &opts))
}
