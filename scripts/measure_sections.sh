#!/usr/bin/env bash
# Measures the study's sections on the release build and writes their
# placeholder sizes into www/sections.css (tests/bench/measure-sections.mjs),
# then rebuilds so dist/ carries them. Run it when the end-to-end test
# "the page is as tall at load as once drawn" fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/tests/node_modules/.bin:$PATH"
trunk build --release >/dev/null
python3 tests/serve.py 4180 dist & server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
(cd tests && PORT=4180 node bench/measure-sections.mjs)
trunk build --release >/dev/null
