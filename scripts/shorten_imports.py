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
import pathlib
import re
import sys

if os.environ.get("TRUNK_PROFILE", "release") != "release":
    sys.exit(0)

WASM_MAGIC = b"\0asm\x01\0\0\0"
IMPORT_SECTION, EXPORT_SECTION = 2, 7
GLUE_NAME = re.compile(r"__wbg_\w+|__wbindgen_\w+")


def read_leb(buf, at):
    """An unsigned LEB128 number at `at`: (value, index after it)."""
    value = shift = 0
    while True:
        byte = buf[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def leb(value):
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def read_name(buf, at):
    length, at = read_leb(buf, at)
    return buf[at : at + length].decode("utf-8"), at + length


def skip_import_description(buf, at):
    """Index after one import's description (kind byte and type)."""
    kind = buf[at]
    at += 1
    if kind == 0:  # function: a type index
        return read_leb(buf, at)[1]
    if kind == 3:  # global: value type, mutability
        return at + 2
    if kind in (1, 2):  # table (reftype first), memory: limits
        if kind == 1:
            at += 1
        flags = buf[at]
        at = read_leb(buf, at + 1)[1]
        return read_leb(buf, at)[1] if flags & 1 else at
    sys.exit(f"shorten_imports: unknown import kind {kind}")


def sections(buf):
    """(id, where the section starts, where its contents start, end)."""
    if buf[:8] != WASM_MAGIC:
        sys.exit("shorten_imports: not a wasm module")
    at = 8
    while at < len(buf):
        size, start = read_leb(buf, at + 1)
        yield buf[at], at, start, start + size
        at = start + size


def export_names(buf):
    for sid, _, start, _ in sections(buf):
        if sid == EXPORT_SECTION:
            count, at = read_leb(buf, start)
            for _ in range(count):
                name, at = read_name(buf, at)
                at = read_leb(buf, at + 1)[1]
                yield name


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
    staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
    wasm_files = list(staging.glob("*.wasm"))
    glue_files = [p for p in staging.glob("*.js") if not p.name.startswith("loader-")]
    if len(wasm_files) != 1 or len(glue_files) != 1:
        sys.exit(f"shorten_imports: expected one wasm and one glue file in {staging}")
    wasm_path, glue_path = wasm_files[0], glue_files[0]
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
