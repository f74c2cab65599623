#!/usr/bin/env bash
# Builds pkg/: the release wasm (pkg/web/) and the validation-only one of
# `licensing-sdk/validate` (pkg/validate/), wasm-bindgen's web glue, wasm-opt
# from npm binaryen, the simulator's, the verify and the outbox's wasm likewise
# (each crate in js/, beside the JavaScript that loads it), then every JavaScript
# module the package ships (scripts/build-js.mjs, from js/). wasm-bindgen's
# output (the glue, which build-js.mjs makes into factories) stays in
# target/bind/; pkg/ gets the optimized .wasm files alone.
#
# A variant of the main wasm alone, elsewhere (e.g. with other cargo flags):
#   OUT=target/other CARGO_FLAGS=... TARGETS=web scripts/build-pkg.sh
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
# No path of the build machine in the wasm (the file names its few remaining
# panic locations carry): the standard library's sources named from their
# root, the registry's from its own.
sysroot="$(rustc +"$PKG_TOOLCHAIN" --print sysroot)"
remap="--remap-path-prefix=$sysroot/lib/rustlib/src/rust=rust"
cargo +"$PKG_TOOLCHAIN" fetch --quiet
for index in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
  remap+=" --remap-path-prefix=${index%/}="
done
pkg_cargo() {
  RUSTFLAGS="$PKG_RUSTFLAGS $remap" cargo +"$PKG_TOOLCHAIN" build --quiet --release --target wasm32-unknown-unknown \
    "${PKG_BUILD_STD[@]}" --target-dir "$target_dir" "$@"
}

pkg_cargo -p licensing-sdk "${cargo_flags[@]}"
wasm="$target_dir/wasm32-unknown-unknown/release/licensing_sdk.wasm"


# wasm-bindgen's web glue for the wasm $2 into the folder $1 (emptied first),
# the wasm optimized and its import and export names shortened in both. With
# $3 = once, one round of wasm-opt -Oz; else rounds while it still shrinks.
bind() {
  local dir="$1" wasm="$2" rounds="${3:-converge}" stem
  stem="$(basename "$wasm" .wasm)"
  rm -rf "$dir"
  wasm-bindgen --target web --out-dir "$dir" "$wasm"
  # --converge: repeat -Oz while it still shrinks (the package's own wasm; the
  # simulator's and the verify wasm are optimized once: see node_wasm); the producers and target_features
  # sections are for tools, not for engines (-0.4 KB gzip together).
  # --zero-filled-memory: the module defines its memory (never imports it), so it
  # starts zeroed; --low-memory-unused: rustc puts data and stack at 1 MiB and
  # up, nothing below 1 KiB (together -0.3 KB gzip).
  local converge=(--converge)
  [[ "$rounds" = once ]] && converge=()
  node_modules/.bin/wasm-opt -Oz "${converge[@]}" --strip-producers --strip-target-features \
    --zero-filled-memory --low-memory-unused "${PKG_WASM_FEATURES[@]}" \
    -o "$dir/${stem}_bg.wasm.opt" "$dir/${stem}_bg.wasm"
  mv "$dir/${stem}_bg.wasm.opt" "$dir/${stem}_bg.wasm"
  # Short names for what joins the wasm to its glue, in both.
  node scripts/minify-names.mjs "$dir/${stem}_bg.wasm" "$dir/${stem}.js" "${PKG_WASM_FEATURES[@]}"
}

# wasm-bindgen's output for the wasm $2 in target/bind/$1, and its .wasm in pkg/$1
# (wasm-opt's rounds: $3, as bind's).
ship() {
  local name="$1" wasm="$2"
  bind "target/bind/$name" "$wasm" "${@:3}"
  rm -rf "pkg/$name" && mkdir -p "pkg/$name"
  cp "target/bind/$name/$(basename "$wasm" .wasm)_bg.wasm" "pkg/$name/"
}

for t in $targets; do
  case "$t" in
    web) if [ "$out" = pkg ]; then ship web "$wasm"; else bind "$out/$t" "$wasm"; fi ;;
    *) echo "unknown target $t" >&2; exit 2 ;;
  esac
done

# The wasm of the crate $2 (js/testing, js/verify) into pkg/$1.
# One round of wasm-opt: on the verify wasm (0.7 MB), converging took 36 s
# instead of 21 and left the gzip 0.5 KB larger.
node_wasm() {
  local name="$1" crate="$2"
  pkg_cargo -p "$crate"
  ship "$name" "$target_dir/wasm32-unknown-unknown/release/${crate//-/_}.wasm" once
}

if [ "$out" = pkg ]; then
  # The validation-only wasm of `licensing-sdk/validate` (no client: the crate
  # without its default features), in the same target dir: only this crate and
  # the link are built again.
  pkg_cargo -p licensing-sdk --no-default-features
  ship validate "$wasm"
  # The in-process simulator of `licensing-sdk/testing` (createSimulator,
  # checkAnswer): its own wasm, so the main entry carries none of it.
  node_wasm testing licensing-testing-wasm
  # licensing-verify, which the package's commands drive (verify, the proxy,
  # states from recordings, js/verify/): read by Node from pkg/verify/,
  # never by a page.
  node_wasm verify licensing-verify-wasm
  # The outbox's wasm (licensing-client's recovery, js/outbox/):
  # its own, so the main entry carries none of it; embedded in
  # licensing-sdk/outbox's modules, so pkg/ gets no .wasm of it.
  pkg_cargo -p licensing-outbox-wasm
  bind target/bind/outbox "$target_dir/wasm32-unknown-unknown/release/licensing_outbox_wasm.wasm"
  # Every module the package ships, from js/ (and the wasm-bindgen glue made
  # into factories), the CommonJS declarations, package.json, README and licences.
  node scripts/build-js.mjs
  for wasm_file in pkg/validate/licensing_sdk_bg.wasm pkg/testing/licensing_testing_wasm_bg.wasm pkg/verify/licensing_verify_wasm_bg.wasm \
    target/bind/outbox/licensing_outbox_wasm_bg.wasm; do
    printf '[pkg] %s: %s bytes, %s bytes gzip -9\n' "$wasm_file" "$(wc -c < "$wasm_file")" "$(gzip -9c "$wasm_file" | wc -c)" >&2
  done
fi

first="$out/${targets%% *}/licensing_sdk_bg.wasm"
printf '[pkg] %s: %s bytes, %s bytes gzip -9\n' "$first" "$(wc -c < "$first")" "$(gzip -9c "$first" | wc -c)" >&2
