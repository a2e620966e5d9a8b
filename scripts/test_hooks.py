"""Unit tests of Trunk's post-build hooks: moving the inline loader out of
the page (externalize_loader.py) and re-hashing the minified glue's link
(minify_glue.py). They run on a page laid out as Trunk's release build
writes it, so a change to either shows up here, not as a page that fails
to start. Run: python3 -m unittest discover -s scripts
"""
import base64
import hashlib
import unittest

import externalize_loader
import minify_glue

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


if __name__ == "__main__":
    unittest.main()
