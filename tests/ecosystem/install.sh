#!/usr/bin/env bash
# Installs the ecosystem suite's toolchains at the versions of
# tests/ecosystem/package-lock.json (only when the lockfile changed since the
# last install) and the packed package as a user does (tests/install-locked.sh).
set -euo pipefail
cd "$(dirname "$0")"
../install-locked.sh ecosystem --package
