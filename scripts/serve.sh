#!/usr/bin/env bash
# Sets everything up, builds the release page and serves it at
# http://127.0.0.1:8080 (Ctrl-C to stop). PORT=9000 scripts/serve.sh to move it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh serve
export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"
trunk build --release
port="${PORT:-8080}"
echo "serve: dlock is at http://127.0.0.1:$port/"
# The test suite's static server: the wasm as application/wasm, and the
# CORS header a frame sandboxed without allow-same-origin needs.
exec python3 tests/serve.py "$port" dist
