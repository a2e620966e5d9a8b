#!/usr/bin/env bash
# Sets everything up and runs every check dlock has: format, lints (native
# and wasm32, core's wasm32 build among them), native tests of all crates,
# the docs' links, wasm tests in headless chromium, the scripts' unit
# tests, the release build, its size, and the browser end-to-end suite
# against it.
#
#   scripts/test.sh                  every step (what CI runs)
#   scripts/test.sh --only e2e wasm  the named steps alone, for the inner loop
#   scripts/test.sh --list           the steps' names, in the order they run
#
# A failing step does not stop the others: a newcomer sees every failure at
# once, and the summary names each, with every step's wall time. The
# timings are also written to target/test-times.json, which
# `scripts/bench.sh test-command` reads into BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# id, then what the step checks. The order is the order they run: cheap
# checks first, then each step reuses what an earlier one compiled
# (run_step says which).
STEPS=(
  "format|cargo fmt: the code is formatted"
  "clippy|clippy's lints (-D warnings) on every native target, as they compile for the tests"
  "clippy-wasm|clippy's lints on the wasm32 build: core, the page's crate, its binaries and wasm tests"
  "native|native tests of every crate (cargo-nextest), then doctests"
  "docs|the docs build with no broken intra-doc link"
  "wasm|wasm tests of the web crate in headless chromium"
  "scripts|the scripts' own unit tests (post-build hooks, benchmarks, busy.sh, linted.sh)"
  "release|the release page (trunk build --release)"
  "size|everything the page and its worker load stays under the gzipped alarm"
  "e2e|the browser end-to-end suite against the release page"
)

ids() { for s in "${STEPS[@]}"; do printf '%s\n' "${s%%|*}"; done; }

usage() {
  printf 'usage: scripts/test.sh [--only STEP...] [--list]\nsteps:\n' >&2
  for s in "${STEPS[@]}"; do printf '  %-12s %s\n' "${s%%|*}" "${s#*|}" >&2; done
}

chosen=()
case "${1:-}" in
  "") mapfile -t chosen < <(ids) ;;
  --list)
    for s in "${STEPS[@]}"; do printf '%-12s %s\n' "${s%%|*}" "${s#*|}"; done
    exit 0
    ;;
  --only)
    shift
    if [ "$#" -eq 0 ]; then
      echo "test.sh: --only needs at least one step name" >&2
      usage
      exit 2
    fi
    for name in "$@"; do
      if ! ids | grep -qx -- "$name"; then
        echo "test.sh: --only: no step named '$name' (scripts/test.sh --list names them)" >&2
        exit 2
      fi
    done
    # Always in the suite's own order, whatever order they were named in.
    for id in $(ids); do
      for name in "$@"; do [ "$name" = "$id" ] && chosen+=("$id") && break; done
    done
    ;;
  -h | --help)
    usage
    exit 0
    ;;
  *)
    echo "test.sh: unknown argument '$1' (expected --only STEP... or --list)" >&2
    exit 2
    ;;
esac

now_ms() { date +%s%3N; }
clock() { printf '%d:%02d' $(($1 / 60000)) $(($1 / 1000 % 60)); }

started=$(now_ms)
scripts/setup.sh test
setup_ms=$(($(now_ms) - started))

export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# A one-shot run gains nothing from incremental caches, and they take
# hundreds of megabytes per target.
export CARGO_INCREMENTAL=0

# Each build is linted as it compiles (scripts/linted.sh), so that the
# lints and the tests share one build of every dependency: `clippy` builds
# what `native` runs, and `clippy-wasm` what `wasm` runs.
run_step() {
  local cargo=(scripts/linted.sh) wasm32=(--target wasm32-unknown-unknown) flags=(--locked --offline)
  case "$1" in
    format) cargo fmt --all -- --check ;;
    clippy) "${cargo[@]}" test --workspace --all-targets --no-run "${flags[@]}" ;;
    # The code and tests that only exist on wasm32 (the app's entry point,
    # the worker, the wasm tests) are invisible to the native lint; this is
    # also what shows that dlock-core builds for wasm32. One test build:
    # the wrapper lints every workspace crate it compiles, core's and the
    # web crate's libraries as the tests' dependencies, the binaries as
    # test targets (built apart from the tests, without the dev-dependencies'
    # features, every dependency would compile twice).
    clippy-wasm) "${cargo[@]}" test -p dlock-web --bins --test app --test components --no-run "${wasm32[@]}" "${flags[@]}" ;;
    native)
      local status=0
      "${cargo[@]}" nextest run --workspace --no-fail-fast "${flags[@]}" || status=1
      "${cargo[@]}" test --workspace --doc "${flags[@]}" || status=1
      return "$status"
      ;;
    # Broken or ambiguous intra-doc links fail here, so the docs stay readable.
    docs) env RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --document-private-items "${flags[@]}" ;;
    wasm) "${cargo[@]}" test -p dlock-web --test app --test components "${wasm32[@]}" "${flags[@]}" ;;
    scripts) python3 -m unittest discover -s scripts ;;
    release) trunk build --release ;;
    size) python3 scripts/check_size.py dist ;;
    # A report left by an earlier run must not stand for this one.
    e2e) rm -f target/e2e-report.json && (cd tests && npx playwright test) ;;
  esac
}

passed=0
failed=()
results=()
for id in "${chosen[@]}"; do
  printf '\n== %s ==\n' "$id"
  start=$(now_ms)
  if run_step "$id"; then
    passed=$((passed + 1))
    result=ok
  else
    failed+=("$id")
    result=FAILED
  fi
  results+=("$id $result $(($(now_ms) - start))")
done
total_ms=$(($(now_ms) - started))

printf '\n== summary ==\n%-12s %-7s %s\n' step result time
printf '%-12s %-7s %s\n' setup ok "$(clock "$setup_ms")"
for r in "${results[@]}"; do
  read -r id result ms <<<"$r"
  printf '%-12s %-7s %s\n' "$id" "$result" "$(clock "$ms")"
done
printf '%-12s %-7s %s\n' total "" "$(clock "$total_ms")"

# For scripts/bench.sh: which steps ran, how each ended and how long it took,
# and whether every core was kept busy meanwhile (scripts/busy.sh says so).
mkdir -p target
{
  printf '{"date": "%s", "commit": "%s", "cores": %s, "load": "%s", "setup_ms": %d, "total_ms": %d, "steps": [' \
    "$(date -u +%Y-%m-%d)" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$(nproc)" "${DLOCK_LOAD:-idle}" "$setup_ms" "$total_ms"
  sep=""
  for r in "${results[@]}"; do
    read -r id result ms <<<"$r"
    printf '%s{"id": "%s", "ok": %s, "ms": %d}' "$sep" "$id" "$([ "$result" = ok ] && echo true || echo false)" "$ms"
    sep=", "
  done
  printf ']'
  # What the browser suite's time is made of, when it ran now.
  if [[ " ${chosen[*]} " == *" e2e "* ]] && [ -f target/e2e-report.json ]; then
    printf ', "e2e": %s' "$(python3 scripts/e2e_summary.py target/e2e-report.json)"
  fi
  printf '}\n'
} >target/test-times.json

printf '\nchecks: %d passed, %d failed\n' "$passed" "${#failed[@]}"
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'failed: %s\n' "${failed[@]}"
  exit 1
fi
