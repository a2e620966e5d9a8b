#!/usr/bin/env bash
# Runs the native benchmarks and writes their figures into BENCHMARKS.md
# (between the "native" markers), with the date and the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(cargo bench -p dlock-core --locked 2>/dev/null | sed -n '/^simulate /,$p')
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')
block=$(printf '<!-- native:start -->\nCommand: `cargo bench -p dlock-core` (divan; run by `scripts/bench.sh`)\nMachine: %s cores, %s\nDate: %s\n\n```\n%s\n```\n<!-- native:end -->' \
  "$(nproc)" "$cpu" "$(date -u +%Y-%m-%d)" "$out")
BLOCK="$block" python3 - <<'PY'
import os, re
path = "BENCHMARKS.md"
text = open(path).read()
new = re.sub(r"<!-- native:start -->.*?<!-- native:end -->", lambda _: os.environ["BLOCK"], text, flags=re.S)
open(path, "w").write(new)
PY
# Browser figures: the release build, served locally, measured in chromium.
export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"
trunk build --release >/dev/null
size=$(python3 scripts/check_size.py dist || true)
python3 tests/serve.py 4180 dist & server=$!
trap 'kill $server' EXIT
sleep 1
browser=$(cd tests && PORT=4180 node bench/browser-bench.mjs)
block=$(printf '<!-- browser:start -->\nCommand: `scripts/bench.sh` (tests/bench/browser-bench.mjs, headless Debian chromium, 1200 × 900)\nMachine: %s cores, %s\nDate: %s\n\n%s\n\nBundle (`scripts/check_size.py dist`):\n\n```\n%s\n```\n<!-- browser:end -->' \
  "$(nproc)" "$cpu" "$(date -u +%Y-%m-%d)" "$browser" "$size")
BLOCK="$block" python3 - <<'PY'
import os, re
path = "BENCHMARKS.md"
text = open(path).read()
new = re.sub(r"<!-- browser:start -->.*?<!-- browser:end -->", lambda _: os.environ["BLOCK"], text, flags=re.S)
open(path, "w").write(new)
PY
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
block=$(printf '<!-- lab:start -->\nCommand: `scripts/bench.sh` (release build; redis-server and etcd as Debian ships them)\nMachine: %s cores, %s\nDate: %s\n\n| lab command | wall-clock time |\n|---|---|\n%s\n<!-- lab:end -->' \
  "$(nproc)" "$cpu" "$(date -u +%Y-%m-%d)" "$rows")
BLOCK="$block" python3 - <<'PY'
import os, re
path = "BENCHMARKS.md"
text = open(path).read()
new = re.sub(r"<!-- lab:start -->.*?<!-- lab:end -->", lambda _: os.environ["BLOCK"], text, flags=re.S)
open(path, "w").write(new)
PY
echo "bench: BENCHMARKS.md updated"
