#!/usr/bin/env bash
# A release, end to end, without publishing anything (RELEASING.md):
#   1. the public API of both languages is the committed one, and CHANGELOG.md's
#      upcoming section names what changed since the last release;
#   2. each published crate packs and builds on its own (cargo publish --dry-run,
#      the four together so that they find each other), and npm would take the
#      package (npm publish --dry-run);
#   3. the .crate files and the npm tarball go to target/release-artifacts/ with
#      their SHA-256 sums, and the commands a maintainer would run are printed.
# Usage: scripts/release-check.sh [--allow-dirty]   (make release-check: a clean tree;
# make test passes --allow-dirty, so that work in progress can be tested).
set -euo pipefail
cd "$(dirname "$0")/.."

allow_dirty=()
[ "${1:-}" = "--allow-dirty" ] && allow_dirty=(--allow-dirty)
log() { printf '[release] %s\n' "$*" >&2; }

# What is published, in the order crates.io needs (a crate after those it depends on).
CRATES=(licensing-core licensing-sim-core licensing-client licensing-sim)
out=target/release-artifacts
rm -rf "$out" && mkdir -p "$out"

log "the public API is the committed one"
cargo run -q -p api-report -- check
node scripts/api-report.mjs check
node scripts/changelog-check.mjs

log "cargo publish --dry-run: ${CRATES[*]}"
packages=()
for c in "${CRATES[@]}"; do packages+=(-p "$c"); done
# The dry run verifies each crate against the others as packed now, through a
# local registry whose sources cargo unpacks under CARGO_HOME once per version
# and then reuses: a second dry run of the same version would build against the
# first one's sources, the registry (target/package/tmp-registry) its packed
# crates, and target/debug what it compiled of them (cargo takes a registry's
# crate for immutable: it never looks at its sources again). All three go first
# (crates.io's are untouched; the workspace's own builds of these crates are
# built again next time).
version="$(node -p "require('./pkg/package.json').version")"
for c in "${CRATES[@]}"; do
  rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/"$c-$version" target/debug/.fingerprint/"$c"-*
done
rm -rf target/package/tmp-registry
# A packed crate's manifest carries no profile, so its verification built every
# dependency again with full debug info; with the workspace's dev profile
# (Cargo.toml: line tables, none for dependencies) it reuses what make test's
# native build made: 141 -> 82 CPU-s after a cold `cargo test --no-run`.
same_profile=(--config 'profile.dev.debug="line-tables-only"' --config 'profile.dev.package."*".debug=false')
if ! cargo publish --dry-run --quiet "${same_profile[@]}" "${allow_dirty[@]}" "${packages[@]}" > target/publish-dry-run.log 2>&1; then
  cat target/publish-dry-run.log >&2
  exit 1
fi
# Tests and examples stay out of the .crate (they read the workspace): cargo
# says so for each, and that the upload was not made; anything else is shown.
grep -v -e 'is not included in the published package' -e 'aborting upload due to dry run' \
  -e '^ *Uploading' target/publish-dry-run.log >&2 || true
# The same crates as files (the dry run verified them; cargo package writes them
# to target/package/).
cargo package --no-verify --quiet "${allow_dirty[@]}" "${packages[@]}" 2>/dev/null
for c in "${CRATES[@]}"; do cp "target/package/$c-$version.crate" "$out/"; done

log "npm publish --dry-run"
(cd pkg && npm publish --dry-run --silent >/dev/null)
(cd pkg && npm pack --silent --pack-destination "../$out" >/dev/null)

(cd "$out" && sha256sum -- * > SHA256SUMS)
log "artifacts in $out:"
sed 's/^/  /' "$out/SHA256SUMS" >&2
cat >&2 <<EOF
[release] all checks passed for $version. To publish (from a clean tree at the tagged commit):
  git tag v$version && git push origin v$version
  cargo publish -p licensing-core && cargo publish -p licensing-sim-core \\
    && cargo publish -p licensing-client && cargo publish -p licensing-sim
  npm publish $out/licensing-sdk-$version.tgz
EOF
