"""Serves the built site on 127.0.0.1 with Python's http.server."""

import functools
import http.server
import threading


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def make(directory, port=0):
    """A server for `directory` on 127.0.0.1 (port 0: a free one, in server_port); call serve_forever()."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def start(directory, port=0):
    """Starts serving `directory` in a background thread; returns the server."""
    server = make(directory, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
