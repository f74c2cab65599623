#!/usr/bin/env bash
# Installs the timers suite's runners at the versions of tests/timers/package-lock.json
# (Jest 30, Vitest 4, @sinonjs/fake-timers 15; only when the lockfile changed
# since the last install) and the packed package (target/npm/licensing-sdk-*.tgz,
# made by `make install-pkg`) as a user does.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[timers] installing the pinned runners" >&2
  npm install --no-save --no-audit --no-fund --loglevel=error
fi
npm install --no-save --no-audit --no-fund --loglevel=error ../../target/npm/licensing-sdk-0.1.0.tgz
