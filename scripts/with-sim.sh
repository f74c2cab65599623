#!/usr/bin/env bash
# Runs a command with licensing-sim listening on $SIM_ADDR (default 127.0.0.1:8788),
# and stops the simulator afterwards whatever the command's outcome.
# Usage: scripts/with-sim.sh COMMAND [ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
addr="${SIM_ADDR:-127.0.0.1:8788}"
cargo build --release -q -p licensing-sim
target/release/licensing-sim --listen "$addr" --quiet &
sim=$!
trap 'kill "$sim" 2>/dev/null; wait "$sim" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/${addr%:*}/${addr##*:}") 2>/dev/null; then break; fi
  if ! kill -0 "$sim" 2>/dev/null; then echo "licensing-sim did not start on $addr" >&2; exit 1; fi
  sleep 0.1
done
export LICENSING_SIM_URL="http://$addr"
"$@"
