#!/usr/bin/env bash
# make wasm-bytes [BASE=main] [WASM=full]: where the validation-only wasm's
# bytes go (the one pkg/validate/ ships, whose budget is the tightest; with
# WASM=full, the full wasm pkg/web/ ships), function by function,
# built at BASE and at the working tree the way scripts/build-pkg.sh builds it
# (the same toolchain, flags, wasm-bindgen and wasm-opt -Oz) but with its
# function names kept (legacy symbol names, which read as paths), then compared
# by scripts/wasm-bytes.mjs. BASE is checked out in a worktree of its own under
# target/wasm-bytes/, built in a target directory of its own (a cargo target
# directory is never shared between two checkouts: its fingerprints are by path).
set -euo pipefail
cd "$(dirname "$0")/.."
base="${BASE:-main}"
case "${WASM:-validate}" in
  validate) features=(--no-default-features) wasm="validation-only" ;;
  full) features=() wasm="full" ;;
  *) echo "wasm-bytes: WASM is validate (the default) or full, not ${WASM}" >&2; exit 2 ;;
esac
source scripts/pkg-toolchain.sh
root="$PWD"
out="$root/target/wasm-bytes"
mkdir -p "$out"

# build SOURCE-DIR NAME: $out/NAME.wasm, the chosen wasm of SOURCE-DIR with names.
build() {
  local src="$1" name="$2" target="$out/$2-target"
  (cd "$src" && RUSTFLAGS="$PKG_RUSTFLAGS -Csymbol-mangling-version=legacy" cargo +"$PKG_TOOLCHAIN" build --quiet --release \
    --target wasm32-unknown-unknown "${PKG_BUILD_STD[@]}" --target-dir "$target" -p licensing-sdk "${features[@]}")
  rm -rf "$out/$name-bind"
  wasm-bindgen --target web --out-dir "$out/$name-bind" "$target/wasm32-unknown-unknown/release/licensing_sdk.wasm"
  "$root/node_modules/.bin/wasm-opt" -Oz -g "${PKG_WASM_FEATURES[@]}" -o "$out/$name.wasm" "$out/$name-bind/licensing_sdk_bg.wasm"
}

# A worktree whose folder went with the target directory (make clean) is forgotten first.
git worktree prune
if [ -d "$out/base-src" ]; then
  git -C "$out/base-src" checkout --quiet --detach "$(git rev-parse "$base")"
else
  git worktree add --quiet --detach "$out/base-src" "$(git rev-parse "$base")"
fi
echo "wasm-bytes: building the $wasm wasm at $base ($(git rev-parse --short "$base")) and at the working tree" >&2
build "$out/base-src" base
build "$root" head
node scripts/wasm-bytes.mjs "$out/base.wasm" "$out/head.wasm" ${TOP:+--top "$TOP"}
