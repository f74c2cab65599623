#!/usr/bin/env bash
# Builds pkg/: the release wasm, wasm-bindgen's web glue, wasm-opt from npm
# binaryen, the simulator's wasm likewise, then every JavaScript module the
# package ships (scripts/build-js.mjs, from js/).
#
# Variants (for the benchmarks' size table):
#   OUT=target/validation-only CARGO_FLAGS=--no-default-features TARGETS=web scripts/build-pkg.sh
set -euo pipefail
cd "$(dirname "$0")/.."

out="${OUT:-pkg}"
targets="${TARGETS:-web}"
cargo_flags=(${CARGO_FLAGS:-})
# The package's toolchain and flags (scripts/pkg-toolchain.sh), in a target dir
# of their own so that they and stable's builds do not evict each other; a
# variant builds in its own too.
source scripts/pkg-toolchain.sh
target_dir="target/pkg"
[ "$out" != pkg ] && target_dir="$out/cargo-target"
pkg_cargo() {
  RUSTFLAGS="$PKG_RUSTFLAGS" cargo +"$PKG_TOOLCHAIN" build --quiet --release --target wasm32-unknown-unknown \
    "${PKG_BUILD_STD[@]}" --target-dir "$target_dir" "$@"
}

pkg_cargo "${cargo_flags[@]}"
wasm="$target_dir/wasm32-unknown-unknown/release/licensing_sdk.wasm"

# The features rustc 1.95 emits for wasm32-unknown-unknown by default.
features_flags=(--enable-bulk-memory --enable-mutable-globals --enable-sign-ext
  --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types)
for t in $targets; do
  dir="$out/$t"
  rm -rf "$dir"
  case "$t" in
    web) wasm-bindgen --target web --out-dir "$dir" "$wasm" ;;
    *) echo "unknown target $t" >&2; exit 2 ;;
  esac
  # --converge: repeat -Oz while it still shrinks; the producers and
  # target_features sections are for tools, not for engines (-0.4 KB gzip together).
  # --zero-filled-memory: the module defines its memory (never imports it), so it
  # starts zeroed; --low-memory-unused: rustc puts data and stack at 1 MiB and
  # up, nothing below 1 KiB (together -0.3 KB gzip).
  node_modules/.bin/wasm-opt -Oz --converge --strip-producers --strip-target-features \
    --zero-filled-memory --low-memory-unused "${features_flags[@]}" \
    -o "$dir/licensing_sdk_bg.wasm.opt" "$dir/licensing_sdk_bg.wasm"
  mv "$dir/licensing_sdk_bg.wasm.opt" "$dir/licensing_sdk_bg.wasm"
  # Short names for what joins the wasm to its glue, in both.
  node scripts/minify-names.mjs "$dir/licensing_sdk_bg.wasm" "$dir/licensing_sdk.js" "${features_flags[@]}"
done

# The simulator's wasm (crates/licensing-sim-wasm) into pkg/$1, with cargo flags $2...
sim_wasm() {
  local dir="pkg/$1"; shift
  pkg_cargo -p licensing-sim-wasm "$@"
  rm -rf "$dir"
  wasm-bindgen --target web --out-dir "$dir" "$target_dir/wasm32-unknown-unknown/release/licensing_sim_wasm.wasm"
  node_modules/.bin/wasm-opt -Oz --converge --strip-producers --strip-target-features \
    --zero-filled-memory --low-memory-unused "${features_flags[@]}" \
    -o "$dir/licensing_sim_wasm_bg.wasm.opt" "$dir/licensing_sim_wasm_bg.wasm"
  mv "$dir/licensing_sim_wasm_bg.wasm.opt" "$dir/licensing_sim_wasm_bg.wasm"
  node scripts/minify-names.mjs "$dir/licensing_sim_wasm_bg.wasm" "$dir/licensing_sim_wasm.js" "${features_flags[@]}"
}

if [ "$out" = pkg ]; then
  # The in-process simulator of `licensing-sdk/testing` (createSimulator,
  # checkAnswer): its own wasm, so the main entry carries none of it.
  sim_wasm sim
  # The same with the tools the package's commands drive (verify, the proxy,
  # states from recordings): read by Node from pkg/tools/, never by a page.
  sim_wasm tools --features tools
  # Every module the package ships, from js/ (and the wasm-bindgen glue made
  # into factories), the CommonJS declarations, package.json, README and licences.
  node scripts/build-js.mjs
  for sim in pkg/sim/licensing_sim_wasm_bg.wasm pkg/tools/licensing_sim_wasm_bg.wasm; do
    printf '[pkg] %s: %s bytes, %s bytes gzip -9\n' "$sim" "$(wc -c < "$sim")" "$(gzip -9c "$sim" | wc -c)" >&2
  done
fi

first="$out/${targets%% *}/licensing_sdk_bg.wasm"
printf '[pkg] %s: %s bytes, %s bytes gzip -9\n' "$first" "$(wc -c < "$first")" "$(gzip -9c "$first" | wc -c)" >&2
