//! The JS bindings under wasm: run by wasm-bindgen-test in Node, headless
//! Chromium, headless Firefox and a dedicated worker (`make test-wasm`; the
//! environment is chosen by the runner's WASM_BINDGEN_USE_* variable).
#![cfg(target_arch = "wasm32")]

/// JS values from JSON text, and reading reports.
mod support;

/// `isAssetNumber` and `assetNumberPartition` on JS values of every kind.
mod asset_numbers;
/// Names the environment, so the runner's log shows where the suite ran.
mod environment;
/// Hostile input from JS: a report every time, and the module keeps working.
mod hostile;
/// `validate`, `validateJson`, `validateField` through the input buffer (what the entries do).
mod text_input;
/// `validate`, `validateJson` and `exampleBody` on JS values.
mod validate;
