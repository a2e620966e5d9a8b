#!/usr/bin/env python3
"""Trunk post-build hook: ask for the page's wasm before anything else.

The page is live only once its wasm module has arrived, and on a slow link
that download is most of the wait. Trunk writes the module's preload links
(the glue's modulepreload and the wasm's fetch preload) at the end of the
head, after the stylesheets and the parser-blocking boot script. There
Chrome starts the wasm only after boot.js has arrived and run, a round
trip after the stylesheets (`tests/bench/browser-bench.mjs`, slow link:
the wasm asked for at about 500 ms rather than 250, and the page live
about 400 ms later). Moved to the top of the head, they are asked for at
once, alongside the stylesheets.

They go right after the Content-Security-Policy meta tag, not before it:
a policy set by a meta tag governs only the requests that follow it.
"""
import os
import pathlib
import re
import sys

CSP_META = re.compile(r"<meta\b[^>]*\bhttp-equiv=\"?Content-Security-Policy\b[^>]*>", re.I)
LINK = re.compile(r"<link\b[^>]*>")


def is_module_preload(tag):
    """Whether `tag` is one of the preload links Trunk writes for the wasm app."""
    return bool(
        re.search(r"\brel=\"?modulepreload\b", tag)
        or (re.search(r"\brel=\"?preload\b", tag) and re.search(r"\bas=\"?fetch\b", tag))
    )


def preload_first(html):
    """The page with its module preloads moved to just after the CSP meta tag,
    in the order Trunk wrote them. Raises ValueError if the page has no such
    meta tag or no preload to move."""
    csp = CSP_META.search(html)
    if csp is None:
        raise ValueError("no Content-Security-Policy meta tag to put the preloads after")
    preloads = [tag for tag in LINK.findall(html) if is_module_preload(tag)]
    if not preloads:
        raise ValueError("no modulepreload or fetch preload link to move")
    rest = LINK.sub(lambda link: "" if is_module_preload(link.group(0)) else link.group(0), html)
    at = CSP_META.search(rest).end()
    return rest[:at] + "".join(preloads) + rest[at:]


def main():
    staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
    index = staging / "index.html"
    try:
        html = preload_first(index.read_text(encoding="utf-8"))
    except ValueError as e:
        sys.exit(f"preload_first: {index}: {e}")
    index.write_text(html, encoding="utf-8")
    print("preload_first: the wasm's preloads open the head")


if __name__ == "__main__":
    main()
