#!/usr/bin/env python3
"""A static file server for the page (scripts/serve.sh), the browser tests and
the benchmarks, bound to 127.0.0.1.

    serve.py PORT DIR [--csp[=POLICY]]

With --csp every response carries the strict Content-Security-Policy many
course platforms impose, so the suite checks the page runs under it; with
--csp=POLICY it carries POLICY instead (the course page that embeds dlock).
"""
import functools
import http.server
import sys

CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"


class Handler(http.server.SimpleHTTPRequestHandler):
    csp = None

    def end_headers(self):
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        self.send_header("Cache-Control", "no-store")
        # As GitHub Pages and most static hosts send it: a course site that
        # sandboxes its frames without allow-same-origin gives the page an
        # opaque origin, and then every file it loads is a cross-origin,
        # CORS-mode request (module scripts, the wasm, the stylesheet).
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A page that navigates away mid-download closes its connection: the
        # browser's doing, not an error, and a traceback for each would bury
        # the test suite's own output. Anything else is still printed.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def main():
    port, directory = int(sys.argv[1]), sys.argv[2]
    handler = functools.partial(Handler, directory=directory)
    for arg in sys.argv[3:]:
        if arg == "--csp":
            Handler.csp = CSP
        elif arg.startswith("--csp="):
            Handler.csp = arg[len("--csp="):]
    Handler.extensions_map[".wasm"] = "application/wasm"
    with Server(("127.0.0.1", port), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
