#!/usr/bin/env bash
# Installs the npm tools of the suite whose folder it runs in at the versions of
# its package-lock.json, only when the lockfile changed since the last install;
# with --package, then the packed package (target/npm/licensing-sdk-*.tgz, made by
# `make install-pkg`) as a user installs it. Usage, from a suite's install.sh:
#   tests/install-locked.sh NAME [--package]   (run in the suite's folder)
#
# `npm install` with the lockfile, not `npm ci`: the registry these machines
# reach lacks some other platforms' optional binaries (@rollup/rollup-darwin-*,
# @next/swc-darwin-*: 404), so the lockfile npm writes here has no entry for
# them and `npm ci` refuses it ("Missing: … from lock file"); `npm install`
# takes every locked version and skips the optional ones it cannot have.
set -euo pipefail
name="$1"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[$name] installing the pinned npm tools" >&2
  npm install --no-save --no-audit --no-fund --loglevel=error
fi
if [ "${2:-}" = --package ]; then
  npm install --no-save --no-audit --no-fund --loglevel=error ../../target/npm/licensing-sdk-0.1.0.tgz
fi
