#!/usr/bin/env python3
"""Trunk post-build hook: drop the glue's classes for exports wasm-opt removed.

Leptos always depends on server_fn with its `browser` feature, which brings
in wasm-streams, and wasm-streams exports three #[wasm_bindgen] classes
(IntoUnderlyingSource, IntoUnderlyingSink, IntoUnderlyingByteSource). An
export is a root for every optimiser, so the code behind them ships in each
Leptos wasm, although a client-rendered page never makes a stream.
index.html asks Trunk's wasm-opt to remove those exports and optimise again
(`data-wasm-opt-params`), which drops that code: 1.2 KB gzipped. This script
removes what wasm-bindgen wrote for them in the glue (0.4 KB gzipped after
terser):
- each exported class whose methods call an export the wasm no longer has,
  with its finalization registry and its `Symbol.dispose` line;
- each function of the imports object that the wasm no longer imports (the
  code that used it went with the exports).

It then checks the result: every `wasm.<name>` left in the glue must be an
export of the wasm. So a class removed in part, or a pattern in index.html
that removed an export the page uses, stops the build here rather than
breaking the page at run time.

Release builds only (Trunk runs wasm-opt only for them); it runs first,
before shorten_imports.py and minify_glue.py.
"""
import os
import re
import sys

if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)

from wasm_module import export_names, import_names, staged_wasm_and_glue

CLASS = re.compile(r"^export class (\w+) \{\n.*?^\}\n", re.M | re.S)
CALL = re.compile(r"\bwasm\.(\w+)")
# wasm-bindgen's imports object: `const import0 = {`, one `name: function`
# entry per import at eight spaces' indent, closed by `    };`.
IMPORTS = re.compile(r"^    const import0 = \{\n(.*?)^    \};\n", re.M | re.S)
ENTRY = re.compile(r"^        (\w+): ", re.M)


def drop_classes(glue, exports):
    """The glue without the exported classes that call missing exports."""
    dropped = [
        m.group(1)
        for m in CLASS.finditer(glue)
        if any(name not in exports for name in CALL.findall(m.group(0)))
    ]
    for name in dropped:
        n = re.escape(name)
        for pattern in (
            rf"^export class {n} \{{\n.*?^\}}\n",
            rf"^if \(Symbol\.dispose\) {n}\.prototype\[Symbol\.dispose\] = {n}\.prototype\.free;\n",
            rf"^const {n}Finalization = .*?;\n",
        ):
            glue, count = re.subn(pattern, "", glue, count=1, flags=re.M | re.S)
            if count != 1:
                sys.exit(f"prune_glue: {name}: no match for {pattern!r}; has wasm-bindgen's glue changed?")
        if re.search(rf"\b{n}\b", glue):
            sys.exit(f"prune_glue: {name} is still named in the glue after its class was removed")
    return glue, dropped


def drop_imports(glue, imports):
    """The glue without the imports-object entries the wasm does not import."""
    found = IMPORTS.search(glue)
    if not found:
        sys.exit("prune_glue: no `const import0 = {` in the glue; has wasm-bindgen's glue changed?")
    body = found.group(1)
    starts = [m.start() for m in ENTRY.finditer(body)] + [len(body)]
    kept, dropped = [body[: starts[0]]], []
    for begin, end in zip(starts, starts[1:]):
        entry = body[begin:end]
        name = ENTRY.match(entry).group(1)
        if name == "__proto__" or name in imports:
            kept.append(entry)
        else:
            dropped.append(name)
    return glue[: found.start(1)] + "".join(kept) + glue[found.end(1) :], dropped


def prune(glue, exports, imports):
    """The pruned glue and what was dropped; exits if the result is inconsistent."""
    glue, classes = drop_classes(glue, exports)
    glue, functions = drop_imports(glue, imports)
    missing = sorted({name for name in CALL.findall(glue) if name not in exports})
    if missing:
        sys.exit(f"prune_glue: the glue calls exports the wasm lacks: {', '.join(missing)}")
    return glue, classes + functions


def main():
    wasm_path, glue_path = staged_wasm_and_glue("prune_glue")
    wasm = wasm_path.read_bytes()
    exports, imports = set(export_names(wasm)), set(import_names(wasm))
    glue = glue_path.read_text(encoding="utf-8")
    pruned, dropped = prune(glue, exports, imports)
    glue_path.write_text(pruned, encoding="utf-8")
    print(f"prune_glue: dropped {', '.join(dropped) or 'nothing'}; glue {len(glue)} -> {len(pruned)} bytes")


if __name__ == "__main__":
    main()
