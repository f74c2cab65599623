//! The JS bindings under wasm: run by wasm-bindgen-test in Node, headless
//! Chromium, headless Firefox and a dedicated worker (`make test-wasm`; the
//! environment is chosen by the runner's WASM_BINDGEN_USE_* variable).
#![cfg(target_arch = "wasm32")]

mod support;

mod asset_numbers;
mod environment;
mod hostile;
mod text_input;
mod validate;
