"""What the post-build hooks that read the wasm share.

Finding the build's wasm and its glue, and just enough of the wasm binary
format to read the import and export sections: LEB128 numbers, names, and
the section list. Shared by shorten_imports.py (which rewrites the imports),
prune_glue.py (which reads both) and check_size.py (the exports).
"""
import os
import pathlib
import sys

WASM_MAGIC = b"\0asm\x01\0\0\0"
IMPORT_SECTION, EXPORT_SECTION = 2, 7


def staged_wasm_and_glue(tool):
    """Paths of the one wasm and the one wasm-bindgen glue Trunk is staging."""
    staging = pathlib.Path(os.environ.get("TRUNK_STAGING_DIR", "dist"))
    wasm_files = list(staging.glob("*.wasm"))
    glue_files = [p for p in staging.glob("*.js") if not p.name.startswith("loader-")]
    if len(wasm_files) != 1 or len(glue_files) != 1:
        sys.exit(f"{tool}: expected one wasm and one glue file in {staging}")
    return wasm_files[0], glue_files[0]


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


def sections(buf):
    """(id, where the section starts, where its contents start, end)."""
    if buf[:8] != WASM_MAGIC:
        sys.exit("wasm_module: not a wasm module")
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


def import_names(buf):
    """The field name of every import (functions, tables, memories, globals)."""
    for sid, _, start, _ in sections(buf):
        if sid == IMPORT_SECTION:
            count, at = read_leb(buf, start)
            for _ in range(count):
                _, at = read_name(buf, at)
                field, at = read_name(buf, at)
                yield field
                at = skip_import_description(buf, at)


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
    sys.exit(f"wasm_module: unknown import kind {kind}")
