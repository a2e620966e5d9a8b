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
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory dist
