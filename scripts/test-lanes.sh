#!/usr/bin/env bash
# `make test`: every suite, in two lanes that run side by side.
#
# Why two: one after another, the suites left a 2-core machine's second core
# idle for much of the run (27 CPU-minutes in 19.5 minutes at commit 7fc49c9):
# Node's test files, the browsers and the servers mostly use one core, while
# cargo's builds use both. So the Rust lane's builds run beside the package
# lane's suites, and the machine stays busy.
#
#   first         tools-rust (the toolchains both lanes build with)
#   rust lane     tools-browsers, lint, test-native, test-msrv
#   package lane  tools-package, pkg, install-pkg, test-js, test-abuse, then (once
#                 the browsers are installed) test-wasm
#   then either   (once the package is built and installed) each lane takes the
#                 next phase nobody has taken of SHARED, so the two end close
#                 together whichever was slowed (on a bare machine the Rust lane
#                 compiles geckodriver first, on a warm one the package lane's
#                 suites are the longer)
#
# The suites that start servers on fixed ports (scripts/with-sim.sh) are all in
# the package lane, so they never meet; the others take a free port each. Cargo
# locks each profile's build directory on its own, and a build that needs one in
# use waits for it.
#
# Each phase is its Makefile target run alone (pkg and install-pkg are phases of
# their own, never made again by a later one). Its output goes to
# target/test-logs/PHASE.log and is printed whole when the phase ends, so the
# lanes never interleave. A lane stops at its first failure, the other at its
# next phase. The seconds of each phase, and the CPU-seconds its processes took
# (user + system), are printed at the end and kept in target/test-logs/times.tsv
# (lane, phase, start, seconds, CPU-seconds, outcome): with both lanes running,
# a phase's seconds depend on what ran beside it, its CPU-seconds much less.
set -euo pipefail
cd "$(dirname "$0")/.."

# pkg gates every suite of the package lane, and its suites time servers and
# browsers: the Rust lane's builds yield the cores to it, and fill what it leaves.
RUST_LANE_NICENESS=10

logs=target/test-logs
rm -rf "$logs" && mkdir -p "$logs"
t_start=$(date +%s)

# run LANE PHASE: make PHASE, its log printed when it ends.
run() {
  local lane="$1" phase="$2" t0 t1 cpu outcome=passed skip=() niceness=0
  [ "$lane" = rust ] && niceness="$RUST_LANE_NICENESS"
  [ -e "$logs/failed" ] && return 1
  for made in pkg install-pkg; do [ "$phase" = "$made" ] || skip+=(-o "$made"); done
  t0=$(date +%s)
  # bash's `time`: the user and system seconds of the phase's processes. In a
  # subshell of its own: timed in the lane's shell, it also counted the other
  # lane's whole run when the main shell reaped it during the phase.
  ( TIMEFORMAT='%U %S'; time nice -n "$niceness" make --no-print-directory "${skip[@]}" "$phase" > "$logs/$phase.log" 2>&1 ) \
    2> "$logs/$phase.cpu" || outcome=FAILED
  t1=$(date +%s)
  # The last line is time's (anything the subshell itself wrote comes before it).
  cpu=$(awk 'END { printf "%d", $1 + $2 + 0.5 }' "$logs/$phase.cpu" 2>/dev/null || echo 0)
  {
    flock 9
    printf '==> %s (%s lane): %s in %d s (%d CPU-s)\n' "$phase" "$lane" "$outcome" "$((t1 - t0))" "${cpu:-0}"
    cat "$logs/$phase.log"
  } 9> "$logs/.print"
  printf '%s\t%s\t%d\t%d\t%d\t%s\n' "$lane" "$phase" "$((t0 - t_start))" "$((t1 - t0))" "${cpu:-0}" "$outcome" >> "$logs/times.tsv"
  if [ "$outcome" != passed ]; then
    touch "$logs/failed"
    return 1
  fi
  touch "$logs/$phase.done"
}

# after PHASE: wait until the other lane has passed PHASE (false if a lane failed).
after() {
  until [ -e "$logs/$1.done" ]; do
    [ -e "$logs/failed" ] && return 1
    sleep 1
  done
}

# Longest first (their seconds at commit de9e10e, on a bare machine; test-playwright,
# added since, about 55 s alone): whichever lane is free takes the next one.
SHARED=(test-release test-ecosystem test-contract test-browser test-playwright test-load test-examples test-e2e test-timers)

# shared LANE: run the phases of SHARED no lane has taken yet, in order.
shared() {
  for phase in "${SHARED[@]}"; do
    mkdir "$logs/taken.$phase" 2>/dev/null || continue
    run "$1" "$phase" || return 1
  done
}

rust_lane() {
  run rust tools-browsers && run rust lint && run rust test-native && run rust test-msrv &&
    after install-pkg && shared rust
}

package_lane() {
  run package tools-package && run package pkg && run package install-pkg &&
    run package test-js && run package test-abuse && after tools-browsers &&
    run package test-wasm && shared package
}

outcome=0
if run first tools-rust; then
  rust_lane & rust_pid=$!
  package_lane || outcome=1
  wait "$rust_pid" || outcome=1
else
  outcome=1
fi

printf '\nmake test: seconds per phase (start: seconds after the run began; cpu: CPU-seconds)\n'
printf '%-8s %-16s %6s %6s %6s  %s\n' lane phase start s cpu outcome
sort -s -t $'\t' -k3,3n "$logs/times.tsv" | while IFS=$'\t' read -r lane phase at secs cpu result; do
  printf '%-8s %-16s %6d %6d %6d  %s\n' "$lane" "$phase" "$at" "$secs" "$cpu" "$result"
done
total_cpu=$(awk -F '\t' '{ s += $5 } END { print s + 0 }' "$logs/times.tsv")
printf 'in all: %d s, %d CPU-s\n' "$(($(date +%s) - t_start))" "$total_cpu"

if [ "$outcome" -ne 0 ]; then
  echo "make test: a suite failed (its log is printed above, and in $logs/)" >&2
  exit 1
fi
echo "make test: all suites passed"
