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

pub mod model;
pub mod response;
pub mod schema;
pub mod valid;
pub mod validate;
pub mod wire;

/// The version of this crate (and of the SDK: the crates and the npm package
/// share it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
