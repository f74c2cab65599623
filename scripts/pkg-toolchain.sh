# The toolchain that builds the package's wasm (sourced by build-pkg.sh, wasm-bytes.sh and
# install-tools.sh). A pinned nightly rebuilds the standard library with
# panic=immediate-abort: a panic traps at once instead of formatting a message
# nobody reads (in wasm a panic ends the module either way), which takes
# core::fmt and the panic machinery out: 67,358 -> 62,092 B gzip -9 at the
# commit that made the change (docs/design.md, "The package's wasm toolchain").
# Everything else (tests, clippy, docs, the crates' users) builds on stable.
PKG_TOOLCHAIN=nightly-2026-05-20
PKG_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort"
PKG_BUILD_STD=(-Zbuild-std=std,panic_abort)
# The features rustc emits for wasm32-unknown-unknown by default, which
# wasm-opt is told of (build-pkg.sh, wasm-bytes.sh: the same for both).
PKG_WASM_FEATURES=(--enable-bulk-memory --enable-mutable-globals --enable-sign-ext
  --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types)
