#!/usr/bin/env bash
# Installs the ecosystem suite's toolchains at the versions of
# tests/ecosystem/package-lock.json (only when the lockfile changed since the
# last install) and the packed package (target/npm/licensing-sdk-*.tgz, made by
# `make install-pkg`) as a user does.
#
# `npm install` with the lockfile, not `npm ci`: the registry these machines
# reach lacks some other platforms' optional binaries (@rollup/rollup-darwin-*,
# @next/swc-darwin-*: 404), so the lockfile npm writes here has no entry for
# them and `npm ci` refuses it ("Missing: … from lock file"); `npm install`
# takes every locked version and skips the optional ones it cannot have.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[ecosystem] installing the pinned toolchains" >&2
  npm install --no-save --no-audit --no-fund --loglevel=error
fi
npm install --no-save --no-audit --no-fund --loglevel=error ../../target/npm/licensing-sdk-0.1.0.tgz
