#!/usr/bin/env bash
# Installs what dlock needs and skips what is already there. Safe to run
# again and again; touches only the package registries (crates.io, npm,
# Debian). Usage: scripts/setup.sh [serve|test]   (default: test, which is
# everything serve needs plus chromium, chromedriver, redis-server, etcd
# and PostgreSQL)
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-test}"

TRUNK_VERSION=0.21.14
# The test command runs the native tests with cargo-nextest (machines of
# this kind come with this version; elsewhere it is built once).
NEXTEST_VERSION=0.9.143
# The wasm-bindgen CLI must equal the crate version Cargo.lock resolved.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)

say() { printf 'setup: %s\n' "$*"; }

export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -qx "trunk $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (compiles from source: about 13 minutes on 2 cores, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "^wasm-bindgen $WASM_BINDGEN_VERSION\$" \
  || ! wasm-bindgen-test-runner --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes, once)"
  # Its own lockfile pins a crate this registry no longer serves; fall back to a fresh resolve.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked \
    || cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if [ "$purpose" = test ] && ! cargo nextest --version 2>/dev/null | grep -q "^cargo-nextest $NEXTEST_VERSION "; then
  say "installing cargo-nextest $NEXTEST_VERSION (compiles from source: several minutes, once)"
  cargo install cargo-nextest --version "$NEXTEST_VERSION" --locked
fi

# npm tools: terser for the wasm-bindgen glue, binaryen's wasm-opt (Debian's
# binaryen 108 produces a page that crashes at start) and Playwright without
# its browser download.
stamp=tests/node_modules/.dlock-lock-sha
want=$(sha256sum tests/package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  say "installing npm tools from tests/package-lock.json"
  (cd tests && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
  echo "$want" > "$stamp"
fi

if [ "$purpose" = test ]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    say "installing Debian's chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
  # The printed handout's test reads the PDF Chromium prints as text, and
  # counts its pages (tests/e2e/print.spec.ts).
  if ! command -v pdftotext >/dev/null || ! command -v pdfinfo >/dev/null; then
    say "installing Debian's poppler-utils (pdftotext, for the handout's test)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq poppler-utils >/dev/null
  fi
  # `dlock lab` starts its own redis-servers and etcd on free loopback
  # ports; the packages' own services are never used, so they are not left
  # running on 6379 and 2379.
  if ! command -v redis-server >/dev/null || ! command -v etcd >/dev/null; then
    say "installing Debian's redis-server and etcd-server (for dlock lab)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq redis-server etcd-server >/dev/null
    for service in redis-server etcd; do
      if command -v systemctl >/dev/null && systemctl is-system-running >/dev/null 2>&1; then
        systemctl disable --now "$service" >/dev/null 2>&1 || true
      else
        service "$service" stop >/dev/null 2>&1 || true
      fi
    done
  fi
  # `dlock lab --store postgres://…` is tested against a PostgreSQL the
  # test starts in a temporary directory; the package's cluster stays off.
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    say "installing Debian's postgresql (for dlock lab's --store test)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
    if command -v systemctl >/dev/null && systemctl is-system-running >/dev/null 2>&1; then
      systemctl disable --now postgresql >/dev/null 2>&1 || true
    else
      service postgresql stop >/dev/null 2>&1 || true
    fi
  fi
fi

say "fetching crates (then every build can run offline)"
cargo fetch --locked --quiet
say "ready"
