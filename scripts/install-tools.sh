#!/usr/bin/env bash
# Installs what a fresh machine lacks for `make pkg` / `make test` / `make demo`.
# Each step is skipped when already satisfied, so a warm machine pays nothing.
# Usage: scripts/install-tools.sh [rust|package|build|browsers|all|mutants|bench-sim]
# (build = rust + package, what `make pkg` needs; all = build + browsers)
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"

log() { printf '[tools] %s\n' "$*" >&2; }

# The wasm-bindgen CLI must match the crate pinned in Cargo.toml exactly.
wbg_version() {
  sed -n 's/^wasm-bindgen *= *{ *version *= *"=\([0-9.]*\)".*/\1/p; s/^wasm-bindgen *= *"=\([0-9.]*\)".*/\1/p' Cargo.toml | head -n1
}

# The simulator's store tests (crates/licensing-sim/tests/durable) and make
# bench-sim start a PostgreSQL server of their own in a temporary folder: the
# server's binaries, and no cluster of the package's own listening on 5432.
postgres_server() {
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    log "installing postgresql (apt; the simulator's store tests)"
    export DEBIAN_FRONTEND=noninteractive
    mkdir -p /etc/postgresql-common
    [ -f /etc/postgresql-common/createcluster.conf ] || echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  fi
}

# The Rust toolchains: stable with the wasm target, rustfmt and clippy, the
# package's pinned nightly and the crates' minimum.
rust_tools() {
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    log "adding rust target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  # The package's wasm: a pinned nightly and the standard library's sources.
  source scripts/pkg-toolchain.sh
  if ! rustup component list --installed --toolchain "$PKG_TOOLCHAIN" 2>/dev/null | grep -q '^rust-src'; then
    log "installing rust $PKG_TOOLCHAIN with rust-src (the package's wasm)"
    rustup toolchain install "$PKG_TOOLCHAIN" --profile minimal --component rust-src
  fi
  # `make test-msrv`: the published crates' rust-version, exactly (Cargo.toml's
  # [workspace.package]).
  local msrv; msrv="$(sed -n 's/^rust-version *= *"\([0-9.]*\)".*/\1/p' Cargo.toml | head -n1)"
  if ! rustup toolchain list 2>/dev/null | grep -q "^$msrv-"; then
    log "installing rust $msrv (the crates' minimum)"
    rustup toolchain install "$msrv" --profile minimal
  fi
  postgres_server
  # `make lint` (part of `make test`) runs rustfmt and clippy.
  for component in rustfmt clippy; do
    if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
      log "adding rust component $component"
      rustup component add "$component"
    fi
  done
}

# What `make pkg` needs besides the toolchains: the wasm-bindgen CLI and npm's
# dev dependencies (wasm-opt, the bundler, TypeScript).
package_tools() {
  local want; want="$(wbg_version)"
  if [ -z "$want" ]; then log "cannot read the pinned wasm-bindgen version"; exit 1; fi
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    log "installing wasm-bindgen-cli $want (takes a few minutes)"
    # Without --locked: with it, dependency resolution fails on these machines.
    # Without the default feature rustls-tls: the test runner speaks plain HTTP to
    # the local WebDriver and never needs TLS, and ring and rustls are an eighth of
    # the build (154 -> 134 s on 2 cores, measured side by side).
    cargo install wasm-bindgen-cli --version "$want" --no-default-features
  fi
  # npm writes node_modules/.package-lock.json on install: older than the lockfile
  # means a dependency was added or changed since.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing npm dev dependencies"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

GECKODRIVER_VERSION=0.37.1
browser_tools() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  command -v firefox >/dev/null || command -v firefox-esr >/dev/null || missing+=(firefox-esr)
  # WebKit: WebKitGTK's WebDriver (and MiniBrowser), on a virtual display.
  command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null || missing+=(xvfb xauth)
  if [ "${#missing[@]}" -gt 0 ]; then
    log "installing ${missing[*]} (apt)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  if [ "$(geckodriver --version 2>/dev/null | awk 'NR==1 {print $2}')" != "$GECKODRIVER_VERSION" ]; then
    log "installing geckodriver $GECKODRIVER_VERSION (cargo; there is no Debian package)"
    # Unoptimized and without debug info: it only relays WebDriver commands to
    # Firefox, and so it builds in 53 s instead of 129 (97 CPU-seconds instead of
    # 244, measured side by side on 2 cores).
    CARGO_PROFILE_DEV_DEBUG=0 cargo install --debug geckodriver --version "$GECKODRIVER_VERSION"
  fi
}

# `make bench-sim` only (not part of `make test`): oha, the load generator,
# pinned; a Java runtime for WireMock (its jar comes from npm, bench/sim's
# lockfile); PostgreSQL.
OHA_VERSION=1.16.0
bench_sim_tools() {
  postgres_server
  if [ "$(oha --version 2>/dev/null | awk '{print $2}')" != "$OHA_VERSION" ]; then
    log "installing oha $OHA_VERSION (cargo)"
    cargo install oha --version "$OHA_VERSION" --locked
  fi
  if ! command -v java >/dev/null; then
    log "installing a Java runtime (apt; WireMock, the peer of make bench-sim)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
  fi
}

# `make mutants` only (not part of `make test`): cargo-mutants, pinned.
CARGO_MUTANTS_VERSION=27.1.0
mutants_tools() {
  if [ "$(cargo mutants --version 2>/dev/null | awk '{print $2}')" != "$CARGO_MUTANTS_VERSION" ]; then
    log "installing cargo-mutants $CARGO_MUTANTS_VERSION (cargo)"
    cargo install cargo-mutants --version "$CARGO_MUTANTS_VERSION"
  fi
}

case "$what" in
  rust) rust_tools ;;
  package) package_tools ;;
  build) rust_tools; package_tools ;;
  browsers) browser_tools ;;
  all) rust_tools; package_tools; browser_tools ;;
  mutants) mutants_tools ;;
  bench-sim) bench_sim_tools ;;
  *) echo "usage: $0 [rust|package|build|browsers|all|mutants|bench-sim]" >&2; exit 2 ;;
esac
