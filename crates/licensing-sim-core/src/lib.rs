//! The Licensing Order and Activity Service simulated in memory: its state and
//! behaviour, with no I/O, no clock and no runtime. Three shells drive it: the
//! `licensing-sim` binary (axum), `createSimulator` in `licensing-sdk/testing`
//! (wasm, a standard `fetch`), and `licensing_client::simulator::SimTransport`
//! (the typed Rust client in process, natively or in wasm-bindgen-test).
//!
//! ```
//! use licensing_sim_core::{Options, RequestHead, Simulator};
//!
//! let sim = Simulator::new(&Options::default());
//! let head = RequestHead::new("POST", "/order/api/order/v1/shellnums", Some("g_nonce=n-1"))
//!     .header("authorization", "Bearer dev-order-token")
//!     .header("content-type", "application/json");
//! let reply = sim.handle(&head, br#"{"size":2}"#, 1_700_000_000_000);
//! assert_eq!(reply.status, 200);
//! assert_eq!(reply.text(), r#"{"code":0,"message":"success","data":["8000000001","8000000002"]}"#);
//! # Ok::<(), String>(())
//! ```
//!
//! It shares the core's types, validators, paths and envelopes, so under the
//! default rules it refuses exactly what the SDK's validators refuse.

mod activity;
mod admin;
mod auth;
mod clock;
mod drift;
mod exchange;
mod fault;
mod journal;
mod journaled;
mod nonce;
mod options;
mod respond;
mod route;
mod sessions;
mod simulator;
mod state;
mod store;
mod sync;
mod time;
mod trace;
mod unique_json;

pub use activity::{ActivityCatalogue, ActivityDef, UnitDef, UnitProduct, SAMPLE_ACTIVITIES};
pub use admin::ADMIN_HEADER;
pub use clock::{ClockMode, VIRTUAL_CLOCK_START_MS};
pub use drift::{Drift, Drifts, DRIFT_HEADER};
pub use exchange::{BodyEnd, BodyError, Reply, RequestHead};
pub use fault::{FaultDirective, FAULT_HEADER};
pub use journal::Entry;
pub use options::{parse_rules, Options, TokenGrant, DEFAULT_MAX_ANSWER_BYTES};
pub use route::{is_endpoint_call, is_simulated_path};
pub use serde_json::Value;
pub use sessions::{
    deleted_session, is_session_path, no_session, target, Change, Created, SessionLimits, SessionSpec, Sessions,
    Target, SESSION_HEADER, SESSION_PREFIX, SESSION_RANDOM_BYTES,
};
pub use simulator::{read_request, recorded, refusal, Admitted, Recorded, Simulator, TRACE_HEADER};
#[cfg(feature = "ts")]
pub use state::typescript_declarations;
pub use state::{State, DEFAULT_MAX_STATE_BYTES, STATE_FORMAT, STATE_VERSION};
/// JSON text read with a key given twice in one object refused (by its JSON
/// Pointer), as request bodies and states are read.
pub use unique_json::parse as parse_unique_json;
