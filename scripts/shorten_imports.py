#!/usr/bin/env python3
"""Trunk post-build hook: give the wasm's imports short names.

wasm-bindgen names every function the wasm imports from its JavaScript glue
`__wbg_<name>_<16 hex digits>`, and each name is written twice: in the
wasm's import section and as a key of the glue's imports object. The hex
digits do not compress, and neither gzip nor terser may change them, since
they are the link between the two files. Renaming each to `$<n>` in both
files saves about 6.5 KB gzipped of the bundle budget (BENCHMARKS.md). The
same idea is binaryen's --minify-imports, which only touches the `env`
module emscripten uses.

Only the import section of the wasm is rewritten; every other byte is
copied as it is, so nothing wasm-opt did is undone. Exports keep their
names (the glue reaches them through properties of the instance). The
script checks its own work: each renamed import must occur in the glue as
a key exactly as often as before, and no renamed name may be an export.

Release builds only; it runs before minify_glue.py, which hashes the glue.
"""
import os
import re
import sys

if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)

from wasm_module import IMPORT_SECTION, export_names, leb, read_leb, read_name, sections, skip_import_description, staged_wasm_and_glue

GLUE_NAME = re.compile(r"__wbg_\w+|__wbindgen_\w+")


def shorten(wasm, glue):
    """The wasm and the glue with short import names, and how many."""
    exports = set(export_names(wasm))
    renames = {}
    out = bytearray(wasm[:8])
    for sid, header, start, end in sections(wasm):
        if sid != IMPORT_SECTION:
            out += wasm[header:end]
            continue
        count, at = read_leb(wasm, start)
        body = bytearray(leb(count))
        for _ in range(count):
            module, at = read_name(wasm, at)
            field, at = read_name(wasm, at)
            description_end = skip_import_description(wasm, at)
            if GLUE_NAME.fullmatch(field) and field not in exports:
                field = renames.setdefault(field, f"${len(renames):x}")
            for text in (module, field):
                body += leb(len(text.encode())) + text.encode()
            body += wasm[at:description_end]
            at = description_end
        out += bytes([IMPORT_SECTION]) + leb(len(body)) + body
    for old, new in renames.items():
        if new in glue:
            sys.exit(f"shorten_imports: {new} already occurs in the glue")
        before = len(re.findall(rf"\b{re.escape(old)}\b", glue))
        glue = re.sub(rf"\b{re.escape(old)}\b", new, glue)
        if before == 0 or len(re.findall(rf"(?<![\w$]){re.escape(new)}\b", glue)) != before:
            sys.exit(f"shorten_imports: {old} is not a key of the glue's imports")
    return bytes(out), glue, len(renames)


def main():
    wasm_path, glue_path = staged_wasm_and_glue("shorten_imports")
    wasm, glue = wasm_path.read_bytes(), glue_path.read_text(encoding="utf-8")
    short_wasm, short_glue, renamed = shorten(wasm, glue)
    wasm_path.write_bytes(short_wasm)
    glue_path.write_text(short_glue, encoding="utf-8")
    print(
        f"shorten_imports: {renamed} imports renamed; wasm {len(wasm)} -> {len(short_wasm)},"
        f" glue {len(glue)} -> {len(short_glue)} bytes"
    )


if __name__ == "__main__":
    main()
