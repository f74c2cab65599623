//! The simulator's wasm declares the maximum memory the package's does
//! (scripts/wasm-max-memory.rs: one body for every build script).
include!("../../scripts/wasm-max-memory.rs");
