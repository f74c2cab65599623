#!/usr/bin/env bash
# Installs the timers suite's runners at the versions of tests/timers/package-lock.json
# (Jest 30, Vitest 4, @sinonjs/fake-timers 15; only when the lockfile changed
# since the last install) and the packed package as a user does (tests/install-locked.sh).
set -euo pipefail
cd "$(dirname "$0")"
../install-locked.sh timers --package
