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

# Trunk's minifier (on for release builds) drops the attribute quotes.
INLINE_MODULE = re.compile(r"<script type=\"?module\"?>(.*?)</script>", re.S)


def drop_integrity(link):
    """The <link> tag without integrity if it is the wasm's fetch preload."""
    tag = link.group(0)
    if re.search(r"\bas=\"?fetch\b", tag) and re.search(r"\brel=\"?preload\b", tag):
        tag = re.sub(r"\s+integrity=(\"[^\"]*\"|[^\s>]+)", "", tag)
    return tag


def externalize(html):
    """(the page referring to the loader by src, the loader's file name, its
    code). Raises ValueError unless the page has exactly one inline module."""
    found = INLINE_MODULE.findall(html)
    if len(found) != 1:
        raise ValueError(f"expected one inline module script, found {len(found)}")
    code = found[0].strip() + "\n"
    name = f"loader-{hashlib.sha256(code.encode()).hexdigest()[:16]}.js"
    html = INLINE_MODULE.sub(f'<script type="module" src="./{name}"></script>', html)
    html = re.sub(r"<link\b[^>]*>", drop_integrity, html)
    return html, name, code


def main():
    staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
    index = staging / "index.html"
    try:
        html, name, code = externalize(index.read_text(encoding="utf-8"))
    except ValueError as e:
        sys.exit(f"externalize_loader: {index}: {e}")
    (staging / name).write_text(code, encoding="utf-8")
    index.write_text(html, encoding="utf-8")
    print(f"externalize_loader: wrote {name}")


if __name__ == "__main__":
    main()
