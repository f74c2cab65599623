#!/usr/bin/env bash
# Builds pkg/: the release wasm, wasm-bindgen's web glue (every entry uses it, as
# the factory pkg/glue.cjs: browser, bundler, Node ESM and CommonJS), then wasm-opt
# from npm binaryen, and the two bundled browser entries.
#
# Variants (for the benchmarks' size table):
#   OUT=target/validation-only CARGO_FLAGS=--no-default-features TARGETS=web scripts/build-pkg.sh
set -euo pipefail
cd "$(dirname "$0")/.."

out="${OUT:-pkg}"
targets="${TARGETS:-web}"
cargo_flags=(${CARGO_FLAGS:-})
target_dir="target"
# A variant builds in its own target dir so it does not evict the main build.
[ "$out" != pkg ] && target_dir="$out/cargo-target"

cargo build --quiet --release --target wasm32-unknown-unknown --target-dir "$target_dir" "${cargo_flags[@]}"
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

if [ "$out" = pkg ]; then
  # The licence texts ship in the tarball (npm pack takes only files inside pkg/);
  # the copies are git-ignored, the repository root holds the originals.
  cp LICENSE-MIT LICENSE-APACHE pkg/
  # CommonJS consumers get the same declarations (ES export syntax in a .d.cts
  # describes the named exports of module.exports, which is what node.cjs builds),
  # for every subpath, each importing the other .d.cts files (TS1479 otherwise).
  for d in index meta testing invalid-examples json-schema query; do
    sed "s|from '\./\([a-z-]*\)\.js'|from './\1.cjs'|g" "pkg/$d.d.ts" > "pkg/$d.d.cts"
  done
  # The glue as a factory of fresh instances, for every entry.
  node scripts/glue-factory.mjs pkg/web/licensing_sdk.js pkg/glue.cjs
  # The in-process simulator of `licensing-sdk/testing` (createSimulator): its
  # own wasm, so the main entry carries none of it.
  cargo build --quiet --release --target wasm32-unknown-unknown -p licensing-sim-wasm
  rm -rf pkg/sim
  wasm-bindgen --target web --out-dir pkg/sim target/wasm32-unknown-unknown/release/licensing_sim_wasm.wasm
  node_modules/.bin/wasm-opt -Oz --converge --strip-producers --strip-target-features \
    --zero-filled-memory --low-memory-unused "${features_flags[@]}" \
    -o pkg/sim/licensing_sim_wasm_bg.wasm.opt pkg/sim/licensing_sim_wasm_bg.wasm
  mv pkg/sim/licensing_sim_wasm_bg.wasm.opt pkg/sim/licensing_sim_wasm_bg.wasm
  node scripts/minify-names.mjs pkg/sim/licensing_sim_wasm_bg.wasm pkg/sim/licensing_sim_wasm.js "${features_flags[@]}"
  node scripts/glue-factory.mjs pkg/sim/licensing_sim_wasm.js pkg/sim-glue.cjs
  # The browser entries, each one module: index.js (the wasm inside),
  # slim.js (licensing-sdk/slim, fetches the .wasm) and testing.mjs.
  node scripts/bundle-entries.mjs
  sim="pkg/sim/licensing_sim_wasm_bg.wasm"
  printf '[pkg] %s (licensing-sdk/testing): %s bytes, %s bytes gzip -9\n' "$sim" "$(wc -c < "$sim")" "$(gzip -9c "$sim" | wc -c)" >&2
fi

first="$out/${targets%% *}/licensing_sdk_bg.wasm"
printf '[pkg] %s: %s bytes, %s bytes gzip -9\n' "$first" "$(wc -c < "$first")" "$(gzip -9c "$first" | wc -c)" >&2
