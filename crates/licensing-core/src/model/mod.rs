//! Typed requests and responses of every endpoint, with the exact wire names.
//!
//! ```
//! use licensing_core::model::{LockRequest};
//! let body = LockRequest { asset_nums: Some(vec!["8000000001".into()]), operator_identity: None };
//! assert_eq!(serde_json::to_string(&body)?, r#"{"assetNums":["8000000001"]}"#);
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! Every request field is an `Option`: the spec does not say which are required, and
//! a form being filled in is allowed to be incomplete. What *must* be present is
//! the validator's business ([`crate::validate`]). Long timestamps are `i64`.
//!
//! The response types read answers tolerantly ([`tolerant`]): enumerated fields
//! are [`Open`] (an unknown value is kept as sent), mistyped scalars are read
//! where they can be. The service has acted once it answers success, so nothing
//! in its payload is a reason to fail.

mod activity;
mod envelope;
#[rustfmt::skip] // generated (xtask): kept as the generator writes it
mod generated;
pub mod tolerant;
mod values;

pub use activity::*;
// The enumerations are part of the wire's definition (`schema::enums`, or an
// endpoint's file): the typed model uses them as they are (`generated` names
// each one it uses).
pub use crate::schema::enums::{UnknownVariant, WireEnum};
pub use envelope::*;
pub use generated::*;
pub use tolerant::Open;
pub use values::*;
