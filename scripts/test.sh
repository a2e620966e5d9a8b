#!/usr/bin/env bash
# Sets everything up and runs every check dlock has: format, lints (native
# and wasm32), native tests of all crates, the docs' links, core on wasm32,
# wasm tests in headless chromium, the post-build hooks' unit tests, the
# release build, and the browser end-to-end suite against it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# A one-shot run gains nothing from incremental caches, and they take
# hundreds of megabytes per target.
export CARGO_INCREMENTAL=0

# A failing check does not stop the others: a newcomer sees every failure
# at once, and the summary at the end names each.
passed=0
failed=()
step() {
  local name=$1
  shift
  printf '\n== %s ==\n' "$name"
  if "$@"; then
    passed=$((passed + 1))
  else
    failed+=("$name")
  fi
}

step "format" cargo fmt --all -- --check
step "clippy" cargo clippy --workspace --all-targets --locked --offline -- -D warnings
# The code and tests that only exist on wasm32 (the app's entry point, the
# wasm tests) are invisible to the native lint above.
step "clippy on wasm32" cargo clippy -p dlock-core -p dlock-web --lib --bins --test app --test components --target wasm32-unknown-unknown --locked --offline -- -D warnings
step "native tests" cargo test --workspace --no-fail-fast --locked --offline
# Broken or ambiguous intra-doc links fail here, so the docs stay readable.
step "docs" env RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --document-private-items --locked --offline
step "core builds for wasm32" cargo build -p dlock-core --target wasm32-unknown-unknown --locked --offline
step "wasm tests in headless chromium" cargo test -p dlock-web --target wasm32-unknown-unknown --test app --test components --locked --offline
step "post-build hook tests" python3 -m unittest discover -s scripts
step "release build" trunk build --release
step "bundle size" python3 scripts/check_size.py dist
step "browser end-to-end" bash -c 'cd tests && npx playwright test'

printf '\nchecks: %d passed, %d failed\n' "$passed" "${#failed[@]}"
if [ "${#failed[@]}" -gt 0 ]; then
  printf 'failed: %s\n' "${failed[@]}"
  exit 1
fi
