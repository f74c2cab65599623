//! The pure core of licensing-sdk: the model, the validation rules and the wire
//! knowledge of the Licensing Order and Activity Service. No wasm dependencies:
//! the bindings, the client and the simulator all build on this one definition.
//!
//! ```
//! use licensing_core::{validate::{validate_json, Options}, wire::Endpoint};
//! let report = validate_json(Endpoint::ShellNums, r#"{"size": "3"}"#, &Options::default());
//! assert_eq!(report.issues[0].code.as_str(), "type");
//! assert_eq!(report.issues[0].path, "/size");
//! ```
//!
//! Feature `validator` (off by default; servers only, never the wasm): the
//! `validator_compat` module puts the `validator` crate's `Validate` and `ValidateArgs`
//! on every request type, for axum-valid and actix-web-validator. Feature `axum`:
//! the `axum::ValidJson` extractor (the text validated, then deserialized; the
//! whole report when refused). Module `testing` (feature `meta`, on by
//! default): invalid examples, each body failing with one issue; with feature
//! `repair`, `make_valid` (a body made valid by the tables and the rules' own
//! repairs); with feature `testing`, both and proptest strategies of valid bodies.

#![cfg_attr(docsrs, feature(doc_cfg))]

/// The crate's README (what crates.io shows), compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "axum")]
#[cfg_attr(docsrs, doc(cfg(feature = "axum")))]
pub mod axum;
pub mod model;
pub mod request;
pub mod response;
pub mod schema;
#[cfg(any(feature = "meta", feature = "repair"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "meta", feature = "repair"))))]
pub mod testing;
pub mod valid;
pub mod validate;
#[cfg(feature = "validator")]
#[cfg_attr(docsrs, doc(cfg(feature = "validator")))]
pub mod validator_compat;
pub mod wire;

/// The version of this crate (and of the SDK: the crates and the npm package
/// share it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Where every clock a test holds starts, in milliseconds since the Unix epoch:
/// 2026-01-01T00:00:00Z. The simulator's virtual clock
/// (`licensing_sim_core::VIRTUAL_CLOCK_START_MS`), the client's `VirtualClock`
/// and `SimTransport`, and the package's `createVirtualClock` (its generated
/// `js/generated/clock.js`) all start here, so a page's clock and a simulator's
/// agree without a word.
pub const CLOCK_START_MS: i64 = 1_767_225_600_000;

/// The last instant a clock a test holds may reach, in milliseconds since the
/// Unix epoch: +275760-09-13T00:00:00Z, the last a JavaScript `Date` holds. The
/// simulator's virtual clock and the package's `createVirtualClock` refuse to be
/// moved past it, so every stamp they give is a whole number JavaScript reads
/// exactly (below 2^53) and a simulator's snapshot reads back (a clock moved to
/// `i64::MAX` stored stamps its own state loader refused).
pub const CLOCK_END_MS: i64 = 8_640_000_000_000_000;
