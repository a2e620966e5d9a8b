#!/usr/bin/env bash
# Records the study's schedule on real servers, for the page's "On real
# servers" section: Redis (five redis-servers, 100 ms ticks) and etcd
# (three members, 500 ms ticks, since its leases are whole seconds), each
# unfenced and fenced, into www/recordings/. Each file is what
# `dlock lab --json` printed: a measurement, dated, naming the servers'
# versions and the tick. Needs redis-server and etcd (`scripts/setup.sh
# test` installs both); the lab starts and stops its own instances on
# loopback. crates/core/tests/recordings.rs checks the shipped files still
# agree with the model.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p dlock --locked --offline
out=www/recordings
mkdir -p "$out"
record() {
  local name=$1
  shift
  ./target/release/dlock lab "$@" --json >"$out/$name.json"
  echo "record_lab: $out/$name.json"
}
record redis
record redis-fenced --fencing
record etcd --lock etcd --tick-ms 500
record etcd-fenced --lock etcd --tick-ms 500 --fencing
