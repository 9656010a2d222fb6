"""Serves the built site on 127.0.0.1 with Python's http.server."""

import functools
import http.server
import threading


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def start(directory, port=0):
    """Starts serving `directory` in a background thread; returns the server (its port in server_port)."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
