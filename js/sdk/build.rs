//! The package's wasm declares a maximum memory (scripts/wasm-max-memory.rs
//! says why; the simulator's crate includes the same body).
include!("../../scripts/wasm-max-memory.rs");
