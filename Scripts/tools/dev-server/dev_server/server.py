"""The threaded HTTP server bound to a loopback address, tracking connections for a clean shutdown."""

import socket
import ssl
import sys
import threading
import time
import traceback
from http.server import ThreadingHTTPServer

QUIET_ERRORS = (ConnectionError, TimeoutError, socket.timeout, ssl.SSLError)


class DevServer(ThreadingHTTPServer):
    """ThreadingHTTPServer that closes open keep-alive connections when it stops."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, address, handler, family=socket.AF_INET):
        self.address_family = family
        super().__init__(address, handler)
        self.app = None
        self.ssl_context = None  # set to serve HTTPS; each connection's handshake runs on its own thread
        self._lock = threading.Lock()
        self._open = set()

    def get_request(self):
        connection, address = super().get_request()
        if self.ssl_context is not None:
            connection = self.ssl_context.wrap_socket(connection, server_side=True, do_handshake_on_connect=False)
        return connection, address

    def process_request(self, request, client_address):
        with self._lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        with self._lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def close_connections(self, grace=1.0):
        """Shuts every open connection down and waits briefly for their threads to finish."""
        with self._lock:
            open_now = list(self._open)
        for connection in open_now:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            with self._lock:
                if not self._open:
                    return
            time.sleep(0.01)

    def handle_error(self, request, client_address):
        """Clients that hang up are normal; anything else gets one line (a traceback if verbose)."""
        error = sys.exc_info()[1]
        if isinstance(error, QUIET_ERRORS):
            return
        if self.app is not None and self.app.verbose:
            traceback.print_exc()
        else:
            print(f"dev-server: error serving {client_address}: {error!r}", file=sys.stderr)
