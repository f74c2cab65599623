#!/usr/bin/env bash
# Builds pkg/: the release wasm, wasm-bindgen glue for the web (browser, bundler,
# Node ESM) and nodejs (CommonJS) targets, then wasm-opt from npm binaryen.
set -euo pipefail
cd "$(dirname "$0")/.."

features="${FEATURES:-}"
cargo build --quiet --release --target wasm32-unknown-unknown ${features:+--features "$features"}
wasm=target/wasm32-unknown-unknown/release/licensing_sdk.wasm

rm -rf pkg/web pkg/node
wasm-bindgen --target web --out-dir pkg/web "$wasm"
wasm-bindgen --target nodejs --out-dir pkg/node "$wasm"
# pkg/ is "type": "module"; the nodejs glue is CommonJS.
printf '{ "type": "commonjs" }\n' > pkg/node/package.json

# CommonJS consumers get the same declarations (ES export syntax in a .d.cts
# describes the named exports of module.exports, which is what node.cjs builds).
cp pkg/index.d.ts pkg/index.d.cts

# The features rustc 1.95 emits for wasm32-unknown-unknown by default.
features_flags=(--enable-bulk-memory --enable-mutable-globals --enable-sign-ext
  --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types)
for dir in web node; do
  node_modules/.bin/wasm-opt -Oz "${features_flags[@]}" \
    -o "pkg/$dir/licensing_sdk_bg.wasm.opt" "pkg/$dir/licensing_sdk_bg.wasm"
  mv "pkg/$dir/licensing_sdk_bg.wasm.opt" "pkg/$dir/licensing_sdk_bg.wasm"
done

raw=$(wc -c < pkg/web/licensing_sdk_bg.wasm)
gz=$(gzip -9c pkg/web/licensing_sdk_bg.wasm | wc -c)
printf '[pkg] licensing_sdk_bg.wasm: %s bytes, %s bytes gzip -9\n' "$raw" "$gz" >&2
