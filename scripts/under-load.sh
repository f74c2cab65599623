#!/usr/bin/env bash
# Runs make targets N times in a row while two busy loops keep both cores
# loaded (a busy CI machine): a test that races the machine's load fails here.
# Usage: scripts/under-load.sh N target...
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="$1"; shift
busy=()
for _ in 1 2; do node -e 'for(;;){}' & busy+=($!); done
trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT
for round in $(seq 1 "$rounds"); do
  for target in "$@"; do
    start=$(date +%s)
    make --no-print-directory "$target" > "target/under-load-$target-$round.log" 2>&1 \
      || { echo "[under-load] round $round: make $target FAILED (target/under-load-$target-$round.log)"; exit 1; }
    echo "[under-load] round $round: make $target passed in $(( $(date +%s) - start )) s"
  done
done
