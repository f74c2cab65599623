#!/usr/bin/env bash
# Installs the Playwright suite's runner at the version of tests/playwright/package-lock.json
# (@playwright/test 1.65.1, the root's playwright-core; only when the lockfile changed
# since the last install) and the packed package as a user does (tests/install-locked.sh).
set -euo pipefail
cd "$(dirname "$0")"
../install-locked.sh playwright --package
