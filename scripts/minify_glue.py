#!/usr/bin/env python3
"""Trunk post-build hook: minify the wasm-bindgen JavaScript glue.

Trunk minifies the HTML and the stylesheet but ships wasm-bindgen's glue as
written: 58 KB, 9.7 KB gzipped. terser (pinned in tests/package.json, from
npm) makes it 7.5 KB gzipped, counted in the bundle budget (BENCHMARKS.md).
The glue's module-preload link carries a Subresource Integrity hash, which
is recomputed for the minified file so the browser still accepts it.

Release builds only: a debug build keeps the glue readable.
"""
import base64
import hashlib
import os
import pathlib
import re
import subprocess
import sys

if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)

staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
terser = pathlib.Path("tests/node_modules/.bin/terser")
if not terser.exists():
    sys.exit("minify_glue: tests/node_modules/.bin/terser is missing; run scripts/setup.sh")

glue = [p for p in staging.glob("*.js") if not p.name.startswith("loader-")]
if len(glue) != 1:
    sys.exit(f"minify_glue: expected one wasm-bindgen glue file in {staging}, found {len(glue)}")
path = glue[0]
before = path.stat().st_size
subprocess.run(
    [str(terser), str(path), "--module", "--compress", "--mangle", "--output", str(path)],
    check=True,
)

index = staging / "index.html"
html = index.read_text(encoding="utf-8")
digest = base64.b64encode(hashlib.sha384(path.read_bytes()).digest()).decode()


def rehash(link):
    """The <link> tag with a fresh integrity hash if it points at the glue."""
    tag = link.group(0)
    if path.name in tag:
        tag = re.sub(r"\bintegrity=(\"[^\"]*\"|[^\s>]+)", f'integrity="sha384-{digest}"', tag)
    return tag


html = re.sub(r"<link\b[^>]*>", rehash, html)
index.write_text(html, encoding="utf-8")
print(f"minify_glue: {path.name} {before} -> {path.stat().st_size} bytes")
