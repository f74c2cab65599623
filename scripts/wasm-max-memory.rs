// The build script of each crate whose wasm the package ships and loads into a
// growing memory (js/sdk, js/testing, js/verify), included by their
// build.rs: one body for all.
//
// The wasm declares a maximum memory: WebKit copies a memory without one whole
// on every `memory.grow` (WebKit PR #70042). The maximum is wasm32's own
// (4 GiB), so no body that fits today is refused: the package still moves to a
// fresh instance after a call that grew the memory past 64 MiB
// (js/sdk/src-js/instance.js), and js/sdk/tests/engine-floor.test.mjs reads the maximum
// back.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=--max-memory=4294967296");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
