#!/usr/bin/env bash
# Runs every benchmark and writes BENCHMARKS.md from their figures, whole
# (scripts/write_benchmarks.py): the native ones (cargo bench), the page's
# in chromium, the bundle, the explorer's speed targets, and the lab's on
# real servers. What each step measured is kept in target/bench/.
#
#   scripts/bench.sh                everything, then BENCHMARKS.md whole
#   scripts/bench.sh test-command   only the test command's own table: it
#                                   runs scripts/test.sh from a fresh clone
#                                   of HEAD, idle and then under
#                                   scripts/busy.sh (about an hour on 2 cores)
#   scripts/bench.sh test-command idle   (or busy) one of the two again; the
#                                   table names each run's commit
#   scripts/bench.sh figures        everything but the test command, whose
#                                   table keeps its last runs (each names
#                                   its commit)
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/bench
mkdir -p "$out"
export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"

# The test command as CI runs it: a clean checkout, nothing compiled yet,
# the tools scripts/setup.sh installs already there (its own time is
# reported apart). Each run leaves its timings in the clone's
# target/test-times.json.
test_command() {
  local load=$1 clone
  clone=$(mktemp -d /tmp/dlock-bench-clone.XXXXXX)
  git clone --quiet . "$clone"
  # The commit cloned, read now: the checkout may move on during the run.
  local commit
  commit=$(git -C "$clone" rev-parse --short HEAD)
  local status=0
  if [ "$load" = busy ]; then
    (cd "$clone" && scripts/busy.sh -- scripts/test.sh) >"$out/test-$load.log" 2>&1 || status=$?
  else
    (cd "$clone" && scripts/test.sh) >"$out/test-$load.log" 2>&1 || status=$?
  fi
  cp "$clone/target/test-times.json" "$out/test-$load.json"
  printf '{"commit": "%s", "cpu": "%s"}\n' "$commit" \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')" >"$out/test-commit.json"
  rm -rf "$clone"
  [ "$status" -eq 0 ] || echo "bench: the test command failed ($load): $out/test-$load.log" >&2
}

if [ "${1:-}" = test-command ]; then
  case "${2:-both}" in
    idle | busy) test_command "$2" ;;
    both) test_command idle && test_command busy ;;
    *) echo "bench: test-command takes idle, busy or nothing (both), not '$2'" >&2 && exit 2 ;;
  esac
  python3 scripts/write_benchmarks.py --test-command "$out"
  echo "bench: BENCHMARKS.md's test command table written"
  exit 0
fi

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')
printf '{"date": "%s", "cores": %s, "cpu": "%s"}\n' "$(date -u +%Y-%m-%d)" "$(nproc)" "$cpu" >"$out/machine.json"

cargo bench -p dlock-core --locked 2>/dev/null | sed -n '/^explore /,$p' >"$out/native.txt"

# The page: the release build, served locally, measured in chromium.
trunk build --release >/dev/null
python3 scripts/check_size.py dist >"$out/size.txt" || true
python3 tests/serve.py 4180 dist >/dev/null 2>&1 & server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
(cd tests && PORT=4180 node bench/browser-bench.mjs) >"$out/browser.json"

# The explorer's speed targets (issue 51), from the CLI a reader builds:
# the release profile, built for speed (the page has its own, for size).
cargo build --release -p dlock --locked >/dev/null 2>&1
python3 scripts/bench_explore.py ./target/release/dlock >"$out/explore.json"

# The lab on real servers: wall-clock time of one run and of a small grid
# (most of it is the schedule's own ticks; the rest is starting servers).
cargo build --release -p dlock --locked >/dev/null 2>&1
timed() {
  local start end
  start=$(date +%s%N)
  ./target/release/dlock "$@" >/dev/null
  end=$(date +%s%N)
  printf '["%s", %d]' "$*" $(((end - start) / 1000000))
}
printf '[%s, %s, %s, %s]\n' \
  "$(timed lab)" "$(timed lab --fencing)" "$(timed lab --lock etcd --tick-ms 500)" \
  "$(timed lab grid --ttl 10 --pause-len 8,14)" >"$out/lab.json"

if [ "${1:-}" != figures ]; then
  test_command idle
  test_command busy
fi

python3 scripts/write_benchmarks.py "$out"
echo "bench: BENCHMARKS.md written"
