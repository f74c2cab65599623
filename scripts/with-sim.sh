#!/usr/bin/env bash
# Runs a command with licensing-sim listening on $SIM_ADDR (default 127.0.0.1:8788)
# under the default rules, and a second one on $SIM_SPEC_ADDR (default
# 127.0.0.1:8789) under `--rules spec` (as lenient as the spec allows); stops both
# afterwards whatever the command's outcome.
# Usage: scripts/with-sim.sh COMMAND [ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
addr="${SIM_ADDR:-127.0.0.1:8788}"
spec_addr="${SIM_SPEC_ADDR:-127.0.0.1:8789}"
# The /__sim routes' token: fixed for tests (the wasm client tests read it at compile time).
admin="${LICENSING_SIM_ADMIN_TOKEN:-licensing-sim-test-admin}"
cargo build --release -q -p licensing-sim
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null || true; done' EXIT
start() {
  local at="$1"; shift
  target/release/licensing-sim --listen "$at" --admin-token "$admin" --quiet "$@" &
  local pid=$!
  pids+=("$pid")
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/${at%:*}/${at##*:}") 2>/dev/null; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then echo "licensing-sim did not start on $at" >&2; exit 1; fi
    sleep 0.1
  done
  echo "licensing-sim did not answer on $at" >&2
  exit 1
}
start "$addr"
start "$spec_addr" --rules spec
export LICENSING_SIM_URL="http://$addr"
export LICENSING_SIM_SPEC_URL="http://$spec_addr"
export LICENSING_SIM_ADMIN_TOKEN="$admin"
"$@"
