"""Unit tests of Trunk's post-build hooks: moving the inline loader out of
the page (externalize_loader.py), re-hashing the minified glue's link
(minify_glue.py) and asking for the wasm first (preload_first.py). They run on a page laid out as Trunk's release build
writes it, so a change to either shows up here, not as a page that fails
to start. Run: python3 -m unittest discover -s scripts
"""
import base64
import hashlib
import unittest

import externalize_loader
import minify_glue
import preload_first

# Trunk's minified release page: unquoted attributes, one inline module.
PAGE = (
    '<!doctype html><html><head>'
    '<link rel=modulepreload href=./dlock-web-1a2b.js crossorigin integrity=sha384-OLD>'
    '<link rel=preload href=./dlock-web-1a2b_bg.wasm crossorigin integrity=sha384-WASM type=application/wasm as=fetch>'
    '<script type=module>\nimport init from "./dlock-web-1a2b.js";\ninit();\n</script>'
    '</head><body></body></html>'
)


class ExternalizeLoaderTest(unittest.TestCase):
    def test_moves_the_inline_module_into_a_file_named_by_its_hash(self):
        html, name, code = externalize_loader.externalize(PAGE)
        self.assertEqual(code, 'import init from "./dlock-web-1a2b.js";\ninit();\n')
        self.assertEqual(name, f"loader-{hashlib.sha256(code.encode()).hexdigest()[:16]}.js")
        self.assertIn(f'<script type="module" src="./{name}"></script>', html)
        self.assertNotIn("init();", html)

    def test_drops_integrity_from_the_wasm_preload_only(self):
        html, _, _ = externalize_loader.externalize(PAGE)
        self.assertNotIn("sha384-WASM", html)
        self.assertIn("integrity=sha384-OLD", html)

    def test_refuses_a_page_without_exactly_one_inline_module(self):
        for page in ["<html></html>", PAGE.replace("</head>", "<script type=module>x</script></head>")]:
            with self.assertRaises(ValueError):
                externalize_loader.externalize(page)


class MinifyGlueTest(unittest.TestCase):
    def test_rehashes_the_link_to_the_glue_and_nothing_else(self):
        content = b"export function init(){}"
        html = minify_glue.rehash(PAGE, "dlock-web-1a2b.js", content)
        digest = base64.b64encode(hashlib.sha384(content).digest()).decode()
        self.assertIn(f'href=./dlock-web-1a2b.js crossorigin integrity="sha384-{digest}"', html)
        self.assertIn("integrity=sha384-WASM", html)
        self.assertNotIn("sha384-OLD", html)


# The head as the release build leaves it once the loader is a file.
CSP = "<meta content=\"default-src 'self'\" http-equiv=Content-Security-Policy>"
MODULE_PRELOAD = "<link crossorigin href=./dlock-web-1a2b.js integrity=sha384-GLUE rel=modulepreload>"
WASM_PRELOAD = "<link as=fetch crossorigin href=./dlock-web-1a2b_bg.wasm rel=preload type=application/wasm>"
HEAD = (
    "<!doctype html><html lang=en><meta charset=utf-8>" + CSP + "<title>dlock</title>"
    "<link href=./favicon-1.svg rel=icon><link crossorigin href=./style-2.css rel=stylesheet>"
    "<script crossorigin src=./boot-3.js></script>"
    '<script type="module" src="./loader-4.js"></script>' + MODULE_PRELOAD + WASM_PRELOAD + "</head><body></body></html>"
)


class PreloadFirstTest(unittest.TestCase):
    def test_puts_both_preloads_right_after_the_policy_in_trunks_order(self):
        html = preload_first.preload_first(HEAD)
        self.assertIn(CSP + MODULE_PRELOAD + WASM_PRELOAD + "<title>", html)
        self.assertLess(html.index(WASM_PRELOAD), html.index("style-2.css"))
        self.assertLess(html.index(WASM_PRELOAD), html.index("boot-3.js"))

    def test_moves_nothing_else(self):
        html = preload_first.preload_first(HEAD)
        self.assertEqual(html.count("<link"), HEAD.count("<link"))
        without = lambda page: page.replace(MODULE_PRELOAD, "").replace(WASM_PRELOAD, "")
        self.assertEqual(without(html), without(HEAD))

    def test_keeps_the_preloads_under_the_policy(self):
        html = preload_first.preload_first(HEAD)
        self.assertGreater(html.index(MODULE_PRELOAD), html.index(CSP))

    def test_refuses_a_page_without_a_policy_or_without_preloads(self):
        for page in [HEAD.replace(CSP, ""), HEAD.replace(MODULE_PRELOAD, "").replace(WASM_PRELOAD, "")]:
            with self.assertRaises(ValueError):
                preload_first.preload_first(page)

    def test_leaves_a_stylesheet_preload_alone(self):
        style = "<link as=style href=./x.css rel=preload>"
        html = preload_first.preload_first(HEAD.replace("<title>", style + "<title>"))
        self.assertIn(WASM_PRELOAD + style + "<title>", html)


if __name__ == "__main__":
    unittest.main()
