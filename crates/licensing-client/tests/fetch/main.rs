//! The client over the fetch transport against licensing-sim (started by
//! `scripts/with-sim.sh`; its URL comes from LICENSING_SIM_URL at build time).
//! Run by wasm-bindgen-test in Node, headless Chromium, headless Firefox and a
//! dedicated worker.
#![cfg(all(target_arch = "wasm32", feature = "fetch"))]

/// Clients for the simulator, unique ids per run, the simulator's trace.
mod support;

/// The caller's AbortSignal honoured at once; timeout and abort told apart.
mod aborts_and_timeouts;
/// Every endpoint, typed, end to end.
mod endpoints;
/// Every error kind.
mod errors;
/// What goes on the wire: auth, content type, nonces, paths, query escaping.
mod requests;
/// Retries only where a repeat is safe; `Retry-After`; backoff.
mod retries;
/// `SimSession`: a session of its own on the simulator the suites share.
mod sim_session;
