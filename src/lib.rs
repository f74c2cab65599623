//! licensing-sdk: types, validators and a fetch client for the Licensing
//! Order and Activity Service, for Rust frontends and — through wasm — JavaScript.
//!
//! ```
//! use licensing_sdk::core::{validate::{validate_json, Options}, wire::Endpoint};
//! let report = validate_json(Endpoint::ShellNums, r#"{"size": 0}"#, &Options::default());
//! assert_eq!(report.issues[0].code.as_str(), "minimum");
//! ```
//!
//! This crate holds only the thin JS bindings; the model, rules and wire knowledge
//! live in [`licensing_core`], re-exported here as [`core`] for Rust users.

pub use licensing_core as core;
pub use licensing_core::{model, valid, validate as validation, wire};

#[cfg(feature = "client")]
pub mod client;

mod asset_number;
#[cfg(feature = "client")]
mod client_js;
mod interop;
mod text_input;
mod typescript;
mod validate;

/// The functions exported to JavaScript, callable from Rust wasm code as well
/// (the wasm-bindgen tests call them this way).
pub mod js {
    pub use crate::asset_number::{asset_number_partition, is_asset_number};
    #[cfg(feature = "client")]
    pub use crate::client_js::JsClient as LicensingClient;
    pub use crate::text_input::{memory, text_input, validate_json_input};
    pub use crate::validate::{example_body, validate, validate_json};
}
