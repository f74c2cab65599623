//! A reusable buffer in wasm memory that the JS entries write JSON text into
//! with `TextEncoder.encodeInto`, for `validateJson`.
//!
//! ```js
//! // pkg/api.cjs does this for validateJson:
//! const ptr = glue.__textInput(capacity);
//! const { written } = encoder.encodeInto(text, new Uint8Array(memory.buffer, ptr, capacity));
//! const report = glue.__validateJsonInput(endpoint, written, options);
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

/// `validateJson` of the first `len` bytes written into the input buffer.
#[wasm_bindgen(js_name = __validateJsonInput, unchecked_return_type = "ValidationReport")]
pub fn validate_json_input(
    #[wasm_bindgen(unchecked_param_type = "Endpoint")] endpoint: JsValue,
    len: usize,
    #[wasm_bindgen(unchecked_optional_param_type = "ValidateOptions")] options: Option<JsValue>,
) -> JsValue {
    let opts = interop::options(&options.unwrap_or(JsValue::UNDEFINED));
    let report = INPUT.with(|buffer| {
        let buffer = buffer.borrow();
        match (endpoint_or_report(&endpoint, &opts), buffer.get(..len).map(std::str::from_utf8)) {
            (Err(report), _) => report,
            (Ok(e), Some(Ok(text))) => core_validate::validate_json(e, text, &opts),
            // Not reachable through the entries (encodeInto writes UTF-8 within the
            // room asked for); still a report, never a panic.
            (Ok(_), Some(Err(_))) => core_validate::invalid_json("the input is not UTF-8", &opts),
            (Ok(_), None) => core_validate::invalid_json("the input is longer than its buffer", &opts),
        }
    });
    interop::from_json_text(&report.to_json())
}
