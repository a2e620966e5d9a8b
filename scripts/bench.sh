#!/usr/bin/env bash
# Runs the benchmarks and writes their figures into BENCHMARKS.md, each
# between its markers, with the date and the machine: the native ones
# (cargo bench), the page's in chromium, and the lab's on real servers.
set -euo pipefail
cd "$(dirname "$0")/.."
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')

# Replaces what stands between <!-- NAME:start --> and <!-- NAME:end -->
# with a block that says how it was measured ($2), on what and when, and
# the figures ($3).
write_block() {
  local block
  block=$(printf '<!-- %s:start -->\nCommand: %s\nMachine: %s cores, %s\nDate: %s\n\n%s\n<!-- %s:end -->' \
    "$1" "$2" "$(nproc)" "$cpu" "$(date -u +%Y-%m-%d)" "$3" "$1")
  NAME="$1" BLOCK="$block" python3 - <<'PY'
import os, re
path = "BENCHMARKS.md"
name = re.escape(os.environ["NAME"])
text = open(path).read()
new = re.sub(rf"<!-- {name}:start -->.*?<!-- {name}:end -->", lambda _: os.environ["BLOCK"], text, flags=re.S)
open(path, "w").write(new)
PY
}

out=$(cargo bench -p dlock-core --locked 2>/dev/null | sed -n '/^explore /,$p')
write_block native '`cargo bench -p dlock-core` (divan; run by `scripts/bench.sh`)' "$(printf '```\n%s\n```' "$out")"

# Browser figures: the release build, served locally, measured in chromium.
export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"
trunk build --release >/dev/null
size=$(python3 scripts/check_size.py dist || true)
python3 tests/serve.py 4180 dist & server=$!
trap 'kill $server' EXIT
sleep 1
browser=$(cd tests && PORT=4180 node bench/browser-bench.mjs)
write_block browser '`scripts/bench.sh` (tests/bench/browser-bench.mjs, headless Debian chromium, 1200 × 900)' \
  "$(printf '%s\n\nBundle (`scripts/check_size.py dist`):\n\n```\n%s\n```' "$browser" "$size")"

# The explorer's speed targets (issue 51), with the figures `dlock check
# --json` reports itself, from the CLI built for speed (the bench profile,
# opt-level 3; the release profile is built for the page's size).
cargo build --profile bench -p dlock --locked >/dev/null 2>&1
explore=$(python3 scripts/bench_explore.py ./target/release/dlock)
write_block explore '`scripts/bench.sh` (scripts/bench_explore.py: `dlock check --json`, bench profile)' "$explore"

# The lab on real servers: wall-clock time of one run and of a small grid
# (most of it is the schedule's own ticks; the rest is starting servers).
cargo build --release -p dlock --locked >/dev/null 2>&1
timed() {
  local start end
  start=$(date +%s%N)
  ./target/release/dlock "$@" >/dev/null
  end=$(date +%s%N)
  printf '| `dlock %s` | %d ms |\n' "$*" $(((end - start) / 1000000))
}
rows=$(
  timed lab
  timed lab --fencing
  timed lab --lock etcd --tick-ms 500
  timed lab grid --ttl 10 --pause-len 8,14
)
write_block lab '`scripts/bench.sh` (release build; redis-server and etcd as Debian ships them)' \
  "$(printf '| lab command | wall-clock time |\n|---|---|\n%s' "$rows")"
echo "bench: BENCHMARKS.md updated"
