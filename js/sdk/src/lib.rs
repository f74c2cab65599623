//! licensing-sdk: the JavaScript face of the Licensing Order and Activity
//! Service's SDK. This crate holds only the wasm bindings (`validate`,
//! `validateJson`, the asset number helpers, `LicensingClient`); the model, the
//! rules and the wire knowledge are `licensing-core`, the typed Rust client is
//! `licensing-client`. A Rust frontend (Leptos, Yew) depends on those two, not
//! on this crate, so that no JS export lands in its own wasm.
//!
//! ```
//! use licensing_sdk::js::validate_json;
//! // From Rust code compiled to wasm (the wasm-bindgen tests do this):
//! # fn demo() -> wasm_bindgen::JsValue {
//! validate_json("shellNums".into(), r#"{"size": 0}"#.into(), None)
//! # }
//! ```

// talc instead of std's dlmalloc: 2.8 KB gzip smaller, as fast (docs/design.md, "The allocator").
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

mod asset_number;
// wasm only: natively a JS callback cannot be a (Send) warning hook.
#[cfg(all(feature = "client", target_arch = "wasm32"))]
mod client_js;
#[cfg(all(feature = "client", target_arch = "wasm32"))]
mod hooks_js;
mod interop;
#[cfg(all(feature = "client", target_arch = "wasm32"))]
mod js_error;
mod messages;
mod text_input;
mod validate;

/// The functions exported to JavaScript, callable from Rust wasm code as well
/// (the wasm-bindgen tests call them this way).
pub mod js {
    pub use crate::asset_number::{asset_number_partition, is_asset_number};
    #[cfg(all(feature = "client", target_arch = "wasm32"))]
    pub use crate::client_js::JsClient as LicensingClient;
    pub use crate::messages::check_messages;
    pub use crate::text_input::{
        memory, text_input, untouched_report, validate_input, CALL_CHECK_MESSAGES, CALL_UNTOUCHED,
        CALL_VALIDATE_JSON_VALUE, CALL_VALIDATE_VALUE, CALL_VALIDATE_VOUCHED,
    };
    pub use crate::validate::{example_body, validate, validate_json};
}
