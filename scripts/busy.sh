#!/usr/bin/env bash
# Keeps every core busy until stopped (Ctrl-C, or kill), so the test
# command can be run as a newcomer runs it: on a machine doing something
# else. Usage:
#   scripts/busy.sh &            # one busy loop per core
#   scripts/test.sh
#   kill %1
# or, around one command: scripts/busy.sh -- scripts/test.sh
# The loops run at normal priority, so they take their full share of the
# CPU from whatever runs beside them. Every loop stops with this script.
set -euo pipefail
cores=$(nproc)
loops=()
stop() {
  # Only the loops this script started. SIGKILL, not SIGTERM: a loop forked
  # a moment before still carries this script's TERM trap until it execs,
  # and a TERM caught then is lost, leaving the loop running for ever (seen
  # once, under load). Each is then waited for, so none outlives this
  # script, even as a zombie for whoever adopts it.
  if [ "${#loops[@]}" -gt 0 ]; then
    kill -KILL "${loops[@]}" 2>/dev/null || true
    wait "${loops[@]}" 2>/dev/null || true
  fi
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
for _ in $(seq "$cores"); do
  bash -c 'while :; do :; done' &
  loops+=("$!")
done
printf 'busy: %d loops, one per core (pids %s)\n' "$cores" "${loops[*]}" >&2
if [ "${1:-}" = "--" ]; then
  shift
  # The test command records that it ran under load (target/test-times.json).
  DLOCK_LOAD=busy "$@"
else
  wait
fi
