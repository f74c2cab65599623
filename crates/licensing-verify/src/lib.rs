//! Meeting the real service: what `npx licensing-sdk verify`, the checking
//! proxy (`npx licensing-sdk-sim proxy`) and `npx licensing-sdk-sim state
//! --from-recording` decide, with no I/O of their own. The Node commands (and
//! the tests, against the in-process simulator) send what this asks and hand
//! back what came; every check, difference, refusal, redaction and state made is
//! decided here, with the core's checks (`licensing_core::response::check_answer`,
//! the validators).
//!
//! - [`verify`]: the probes a live service is checked with, and their verdicts:
//!   **agrees** / **differs** where the spec states something, **what this
//!   service does** where it is silent (and the SDK infers), **could not check**.
//! - [`proxy`]: a portal's traffic checked on its way: requests validated (and
//!   refused, if asked), answers checked, each difference reported once.
//! - [`recording`]: the exchanges a proxy saw, written with the tokens redacted,
//!   and read back.
//! - [`har`]: HAR 1.2 both ways: the proxy's exchanges as HAR entries, and a
//!   HAR (devtools, Playwright, schemathesis) read as a recording's exchanges.
//! - [`states`]: a recording (or a HAR) as a simulator state.
//!
//! ```
//! use licensing_sim_core::{Options, Simulator};
//! use licensing_verify::verify::{Config, Verify};
//!
//! let sim = Simulator::new(&Options::default());
//! let mut run = Verify::new(Config::new("doc-run", "http://sim.local"));
//! while let Some(probe) = run.next_probe() {
//!     let outcome = probe.send_to(&sim, "dev-order-token", None, 0);
//!     run.answered(outcome);
//! }
//! let report = run.report();
//! assert_eq!(report.exit_code(), 0, "{}", report.lines().join("\n"));
//! ```

mod differences;
pub mod har;
pub mod html;
pub mod proxy;
pub mod recording;
mod redact;
pub mod states;
pub mod verify;

pub use differences::{group, Difference};
pub use redact::{redact, redact_pointer};
