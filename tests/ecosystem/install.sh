#!/usr/bin/env bash
# Installs the ecosystem suite's toolchains (tests/ecosystem/package-lock.json,
# only when the lockfile changed since the last install) and the packed package
# (target/npm/licensing-sdk-*.tgz, made by `make install-pkg`) as a user does.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[ecosystem] installing the pinned toolchains (npm ci)" >&2
  npm ci --no-audit --no-fund --loglevel=error
fi
npm install --no-save --no-audit --no-fund --loglevel=error ../../target/npm/licensing-sdk-0.1.0.tgz
