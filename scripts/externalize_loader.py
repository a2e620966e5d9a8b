#!/usr/bin/env python3
"""Trunk post-build hook: move Trunk's inline module loader into its own file.

Trunk writes the wasm start-up code as an inline <script type="module">. A
strict Content-Security-Policy (script-src 'self' 'wasm-unsafe-eval', no
'unsafe-inline') refuses inline scripts, and many course platforms impose
one on embedded pages. The loader's text is moved to loader-<hash>.js next
to index.html and referenced by src, so dist/ runs under that policy.

It also drops the integrity attribute from Trunk's `as="fetch"` preload of
the wasm: browsers do not check integrity for that destination and Chrome
logs a warning on every page load saying so. Nothing is lost: the loader's
own fetch of the wasm never carried one.
"""
import hashlib
import os
import pathlib
import re
import sys


def drop_integrity(link):
    """The <link> tag without integrity if it is the wasm's fetch preload."""
    tag = link.group(0)
    if re.search(r"\bas=\"?fetch\b", tag) and re.search(r"\brel=\"?preload\b", tag):
        tag = re.sub(r"\s+integrity=(\"[^\"]*\"|[^\s>]+)", "", tag)
    return tag


staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
index = staging / "index.html"
html = index.read_text(encoding="utf-8")
# Trunk's minifier (on for release builds) drops the attribute quotes.
inline = re.compile(r"<script type=\"?module\"?>(.*?)</script>", re.S)
found = inline.findall(html)
if len(found) != 1:
    sys.exit(f"externalize_loader: expected one inline module script in {index}, found {len(found)}")
code = found[0].strip() + "\n"
name = f"loader-{hashlib.sha256(code.encode()).hexdigest()[:16]}.js"
(staging / name).write_text(code, encoding="utf-8")
html = inline.sub(f'<script type="module" src="./{name}"></script>', html)
html = re.sub(r"<link\b[^>]*>", drop_integrity, html)
index.write_text(html, encoding="utf-8")
print(f"externalize_loader: wrote {name}")
