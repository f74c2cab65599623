//! The client over the fetch transport against licensing-sim (started by
//! `scripts/with-sim.sh`; its URL comes from LICENSING_SIM_URL at build time).
//! Run by wasm-bindgen-test in Node, headless Chromium, headless Firefox and a
//! dedicated worker.
#![cfg(all(target_arch = "wasm32", feature = "fetch"))]

mod support;

mod aborts_and_timeouts;
mod endpoints;
mod errors;
mod requests;
mod retries;
