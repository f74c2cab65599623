#!/usr/bin/env bash
# Installs the contract suite's tools at pinned versions, each only when missing
# or changed since the last install: Spectral, Redocly, ajv and Prism from
# package-lock.json, and schemathesis from requirements.txt into a virtualenv
# under target/contract/ (Python 3 and its venv module; Debian's python3-venv
# when the machine's Python lacks them).
#
# The npm tools through tests/install-locked.sh (`npm install` with the lockfile,
# not `npm ci`: it says why).
set -euo pipefail
cd "$(dirname "$0")"
../install-locked.sh contract
venv=../../target/contract/venv
if [ ! -x "$venv/bin/schemathesis" ] || [ ! -f "$venv/installed" ] || [ requirements.txt -nt "$venv/installed" ]; then
  python=python3
  if ! command -v python3 >/dev/null || ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    echo "[contract] installing python3 and python3-venv (apt)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
    # Debian's, whatever else is first on PATH (its venv module is the one installed).
    python=/usr/bin/python3
  fi
  echo "[contract] installing schemathesis into $venv" >&2
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check --no-input -r requirements.txt
  touch "$venv/installed"
fi
