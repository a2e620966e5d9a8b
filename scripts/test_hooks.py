"""Unit tests of the post-build hooks that rewrite the wasm and its glue.

They run on a hand-made wasm module and a glue laid out as wasm-bindgen
writes it, so a change to one of the hand-written parsers shows up here,
not as a page that fails to start. Run: python3 -m unittest discover -s scripts
"""
import os
import unittest

os.environ["TRUNK_PROFILE"] = "release"

import prune_glue  # noqa: E402
import shorten_imports  # noqa: E402
from wasm_module import export_names, import_names, leb  # noqa: E402


def name(text):
    return leb(len(text)) + text.encode()


def module(imports, exports):
    """A wasm module with one function type, the given function imports and
    function exports, and a memory export (what wasm-bindgen's has)."""
    types = leb(1) + b"\x60\x00\x00"  # one type: () -> ()
    import_body = leb(len(imports)) + b"".join(
        name("./app_bg.js") + name(field) + b"\x00" + leb(0) for field in imports
    )
    export_body = leb(len(exports) + 1) + name("memory") + b"\x02" + leb(0)
    export_body += b"".join(name(field) + b"\x00" + leb(i) for i, field in enumerate(exports))
    memory = leb(1) + b"\x00" + leb(1)

    def section(sid, body):
        return bytes([sid]) + leb(len(body)) + body

    return (
        b"\0asm\x01\0\0\0"
        + section(1, types)
        + section(2, import_body)
        + section(5, memory)
        + section(7, export_body)
    )


GLUE = """export class IntoUnderlyingSink {
    __destroy_into_raw() {
        IntoUnderlyingSinkFinalization.unregister(this);
    }
    close() {
        const ret = wasm.intounderlyingsink_close(this.__wbg_ptr);
        return ret;
    }
}
if (Symbol.dispose) IntoUnderlyingSink.prototype[Symbol.dispose] = IntoUnderlyingSink.prototype.free;
function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg_log_0123456789abcdef: function(arg0) {
            console.log(arg0);
        },
        __wbg_new_typed_fedcba9876543210: function(arg0, arg1) {
            try {
                return new Promise(arg0);
            } finally {
                arg1 = 0;
            }
        },
    };
    return { __proto__: null, "./app_bg.js": import0 };
}
const IntoUnderlyingSinkFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_intounderlyingsink_free(ptr, 1));
function start() { wasm.main(); }
"""


class WasmModuleTest(unittest.TestCase):
    def test_reads_the_names_it_was_given(self):
        wasm = module(["__wbg_log_0123456789abcdef"], ["main"])
        self.assertEqual(list(import_names(wasm)), ["__wbg_log_0123456789abcdef"])
        self.assertEqual(list(export_names(wasm)), ["memory", "main"])


class PruneGlueTest(unittest.TestCase):
    def test_drops_the_class_and_the_import_the_wasm_lost(self):
        glue, dropped = prune_glue.prune(GLUE, {"memory", "main"}, {"__wbg_log_0123456789abcdef"})
        self.assertEqual(dropped, ["IntoUnderlyingSink", "__wbg_new_typed_fedcba9876543210"])
        self.assertNotIn("IntoUnderlying", glue)
        self.assertNotIn("new Promise", glue)
        self.assertIn("__wbg_log_0123456789abcdef: function(arg0) {\n            console.log(arg0);\n        },\n    };", glue)
        self.assertIn("function start() { wasm.main(); }", glue)

    def test_keeps_everything_while_the_exports_are_there(self):
        exports = {"memory", "main", "intounderlyingsink_close", "__wbg_intounderlyingsink_free"}
        imports = {"__wbg_log_0123456789abcdef", "__wbg_new_typed_fedcba9876543210"}
        self.assertEqual(prune_glue.prune(GLUE, exports, imports), (GLUE, []))

    def test_stops_when_the_glue_calls_an_export_the_wasm_lacks(self):
        with self.assertRaises(SystemExit) as stop:
            prune_glue.prune(GLUE, {"memory"}, {"__wbg_log_0123456789abcdef"})
        self.assertIn("main", str(stop.exception))


class ShortenImportsTest(unittest.TestCase):
    def test_renames_in_both_files_and_keeps_the_rest(self):
        wasm = module(["__wbg_log_0123456789abcdef", "__wbg_new_typed_fedcba9876543210"], ["main"])
        short_wasm, short_glue, renamed = shorten_imports.shorten(wasm, GLUE)
        self.assertEqual(renamed, 2)
        self.assertEqual(list(import_names(short_wasm)), ["$0", "$1"])
        self.assertEqual(list(export_names(short_wasm)), ["memory", "main"])
        self.assertIn("        $0: function(arg0) {", short_glue)
        self.assertNotIn("0123456789abcdef", short_glue)

    def test_stops_when_an_import_is_not_in_the_glue(self):
        wasm = module(["__wbg_missing_0000000000000000"], [])
        with self.assertRaises(SystemExit):
            shorten_imports.shorten(wasm, GLUE)


if __name__ == "__main__":
    unittest.main()
