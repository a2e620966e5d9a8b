#!/usr/bin/env python3
"""Size guard for what a reader downloads: every file the page loads from
dist/ (wasm, JS, CSS, HTML, icon), gzipped at level 9 as a static host would
serve them. Prints the sizes; exits 1 above the alarm of 640 KiB gzipped
(decided in DEVELOPERS.md: an alarm, not a target; what readers feel is
measured by scripts/bench.sh).

Below the limit, clarity beats bytes (BENCHMARKS.md says what the bundle
holds and what it cost). It also compares the wasm Trunk shipped with the
wasm cargo built, so a build where wasm-opt silently did nothing shows up
here.

A brotli column (quality 11, Node's zlib) is printed beside gzip for
information only: hosts that serve brotli send that much; the limit is
measured gzipped.
"""
import gzip
import json
import pathlib
import shutil
import subprocess
import sys

LIMIT_BYTES = 640 * 1024
dist = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "dist")
files = sorted(p for p in dist.iterdir() if p.is_file())
if not files:
    sys.exit(f"check_size: {dist} is empty; run trunk build --release first")


def brotli_sizes(paths):
    """Each file's size under brotli at quality 11, from Node's zlib (Python's
    standard library has no brotli); None where Node is missing or fails:
    the column is information, so it never fails the check."""
    if not shutil.which("node"):
        return [None] * len(paths)
    script = (
        "const fs=require('fs'),z=require('zlib'),q=z.constants.BROTLI_PARAM_QUALITY;"
        "console.log(JSON.stringify(process.argv.slice(1).map(f=>"
        "z.brotliCompressSync(fs.readFileSync(f),{params:{[q]:11}}).length)))"
    )
    out = subprocess.run(["node", "-e", script, *map(str, paths)], capture_output=True, text=True)
    if out.returncode != 0:
        print(f"check_size: no brotli column, node failed: {out.stderr.strip()[:200]}")
        return [None] * len(paths)
    return json.loads(out.stdout)


total_raw = total_gz = total_br = 0
print(f"{'file':48} {'bytes':>9} {'gzipped':>9} {'brotli':>9}")
for path, br in zip(files, brotli_sizes(files)):
    raw = path.read_bytes()
    gz = len(gzip.compress(raw, 9))
    total_raw += len(raw)
    total_gz += gz
    total_br = None if br is None or total_br is None else total_br + br
    print(f"{path.name:48} {len(raw):>9} {gz:>9} {'-' if br is None else br:>9}")
print(f"{'total':48} {total_raw:>9} {total_gz:>9} {'-' if total_br is None else total_br:>9}   limit {LIMIT_BYTES} gzipped")

# Each module as cargo built it (both in the one profile index.html names)
# against the one Trunk shipped.
modules = [
    ("page", "target/wasm32-unknown-unknown/wasm/dlock-web.wasm", "dlock-web-"),
    ("worker", "target/wasm32-unknown-unknown/wasm/dlock-check-worker.wasm", "dlock-check-worker_bg"),
]
for label, built_path, prefix in modules:
    built = pathlib.Path(built_path)
    shipped = [p for p in files if p.suffix == ".wasm" and p.name.startswith(prefix)]
    if built.exists() and shipped:
        before, after = built.stat().st_size, shipped[0].stat().st_size
        print(f"{label} wasm: {before} bytes from cargo, {after} after wasm-bindgen and wasm-opt ({after / before:.0%})")
        if after > before * 0.95:
            sys.exit(f"check_size: the shipped {label} wasm is barely smaller than cargo's output; is wasm-opt running?")

if total_gz > LIMIT_BYTES:
    sys.exit(f"check_size: {total_gz} bytes gzipped is over the {LIMIT_BYTES}-byte limit by {total_gz - LIMIT_BYTES}")
print(f"check_size: within the limit, {LIMIT_BYTES - total_gz} bytes to spare")
