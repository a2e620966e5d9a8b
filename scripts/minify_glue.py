#!/usr/bin/env python3
"""Trunk post-build hook: minify the wasm-bindgen JavaScript glue.

Trunk minifies the HTML and the stylesheet but ships wasm-bindgen's glue as
written. A plain terser run (terser is pinned in tests/package.json, from
npm) makes it a fraction of the size (BENCHMARKS.md). The glue's
module-preload link carries a Subresource Integrity hash, which is
recomputed for the minified file so the browser still accepts it.

Release builds only: a debug build keeps the glue readable.
"""
import base64
import hashlib
import os
import pathlib
import re
import subprocess
import sys


def rehash(html, file_name, content):
    """The page with a fresh integrity hash on every <link> to `file_name`."""
    digest = base64.b64encode(hashlib.sha384(content).digest()).decode()

    def one(link):
        tag = link.group(0)
        if file_name in tag:
            tag = re.sub(r"\bintegrity=(\"[^\"]*\"|[^\s>]+)", f'integrity="sha384-{digest}"', tag)
        return tag

    return re.sub(r"<link\b[^>]*>", one, html)


def main():
    if os.environ.get("TRUNK_PROFILE", "release") != "release":
        return
    staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
    terser = pathlib.Path("tests/node_modules/.bin/terser")
    if not terser.exists():
        sys.exit("minify_glue: tests/node_modules/.bin/terser is missing; run scripts/setup.sh")
    # The glue is named after the crate (dlock-web-<hash>.js); the loader
    # and www/boot.js are the page's own small scripts.
    glue = list(staging.glob("dlock-web-*.js"))
    if len(glue) != 1:
        sys.exit(f"minify_glue: expected one wasm-bindgen glue file in {staging}, found {len(glue)}")
    path = glue[0]
    before = path.stat().st_size
    subprocess.run(
        [str(terser), str(path), "--module", "--compress", "--mangle", "--output", str(path)],
        check=True,
    )
    index = staging / "index.html"
    index.write_text(rehash(index.read_text(encoding="utf-8"), path.name, path.read_bytes()), encoding="utf-8")
    print(f"minify_glue: {path.name} {before} -> {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
