"""The request handler: reads the request, applies global faults, routes, writes in one go."""

import socket
import ssl
import time
from email.utils import formatdate
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from urllib.parse import unquote, urlsplit

from . import fault_injection, routes
from .body_stream import BodyError, BodyStream
from .http_types import Request, text

MAX_BODY = 64 * 1024 * 1024
DRAIN_LIMIT = MAX_BODY  # an unread streamed body up to this size is discarded to keep the connection
LINGER_SECONDS = 2  # how long a rejected, uninvited body is counted after the answer, before the connection closes
NO_BODY_STATUSES = {204, 304}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "dev-server/1.0"
    timeout = 120  # idle keep-alive connections are closed after this many seconds

    def setup(self):
        if isinstance(self.request, ssl.SSLSocket):
            self._handshake()
        super().setup()
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _handshake(self):
        """The TLS handshake, on this connection's thread; counted as tls.handshakes or tls.handshake-failed."""
        counters = self.server.app.counters
        self.request.settimeout(self.timeout)
        try:
            self.request.do_handshake()
        except (ssl.SSLError, OSError):
            counters.increment("tls.handshake-failed")
            _drain(self.request)
            raise
        counters.increment("tls.handshakes")

    def finish(self):
        super().finish()
        if isinstance(self.request, ssl.SSLSocket):
            self.server.app.counters.increment("tls.connections-closed")

    def __getattr__(self, name):
        """Every method (GET, POST, PURGE, ...) goes through `_serve`."""
        if name.startswith("do_"):
            return self._serve
        raise AttributeError(name)

    def log_message(self, format, *args):
        if self.server.app.verbose:
            super().log_message(format, *args)

    def parse_request(self):
        self.continue_pending = False
        return super().parse_request()

    def handle_expect_100(self):
        """`Expect: 100-continue`: the `100 Continue` goes out when the body is first read, not at once, so a route
        that answers before reading (a 409 to an append from a stale offset) costs the client no body."""
        self.continue_pending = True
        return True

    def _send_continue(self):
        if self.continue_pending:
            self.continue_pending = False
            self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")

    def send_error(self, code, message=None, explain=None):
        """Malformed requests: a short plain-text answer, then close."""
        self.close_connection = True
        self._send(text(code, message or _reason(code)))

    def _serve(self):
        app = self.server.app
        target, query = _split_target(self.path)
        app.counters.increment(f"route:{self.command} {target}")
        stream = None
        try:
            if routes.streams_body(self.command, target):
                body, stream = b"", self._body_stream()
            else:
                if self._content_length() or self._chunked():
                    self._send_continue()
                body = self._read_body()
        except BodyError as error:
            self.close_connection = True
            self._send(text(error.status, str(error)))
            return
        request = Request(self.command, target, query, self.headers.items(), body, app.base_url, stream)
        response = self._respond(app, request)
        cut = response is not None and response.drop
        uninvited = stream is not None and stream.uninvited
        if stream is not None and not stream.complete and (cut or not stream.drain(DRAIN_LIMIT)):
            self.close_connection = True
        if response is not None:
            self._send(response)
        lingered = self._linger(LINGER_SECONDS) if uninvited and not cut else 0
        if stream is not None and response is not None and response.status == 409:
            # Only the resumable appends stream their body and answer 409: their offset is not the upload's.
            app.counters.increment("uploads.rejected")
            app.counters.increment("uploads.rejected-bytes", stream.received + lingered)

    def _respond(self, app, request):
        """The route's response after fail-next rules and global faults, or None when a fault answered."""
        target = request.target
        scripted = app.fail_next.take(self.command, target)
        if scripted is not None:
            time.sleep(scripted.delay_ms / 1000)
            if scripted.status is not None:
                app.counters.increment(f"failed-next:{self.command} {target}")
                return scripted.response(request)
            app.counters.increment(f"delayed-next:{self.command} {target}")
        pieces, interval = 1, 0.0
        drawn = None if unquote(target).startswith("/_admin/") else app.faults.draw()
        if drawn:
            kind, config = drawn
            app.counters.increment(f"faults.injected.{kind}")
            effect = fault_injection.apply(kind, config)
            if effect.replacement is not None:
                app.counters.increment(f"faulted:{self.command} {target}")
                return effect.replacement
            pieces, interval = effect.pieces, effect.interval
        response = routes.dispatch(app, request)
        if pieces > 1 and response.pieces <= 1:
            response.pieces, response.interval = pieces, interval
        return response

    def _body_stream(self):
        """The body as a BodyStream that the route reads in bounded chunks; a client waiting for `100 Continue` gets
        it when the route first reads."""
        send_continue = self._send_continue if self.continue_pending else None
        if self._chunked():
            return BodyStream(self.rfile, chunked=True, send_continue=send_continue)
        return BodyStream(self.rfile, length=self._content_length(), send_continue=send_continue)

    def _chunked(self):
        return "chunked" in (self.headers.get("Transfer-Encoding") or "").lower()

    def _linger(self, seconds):
        """After answering a client that waits for `100 Continue` without reading its body: counts the body bytes it
        sends anyway until it closes, as RFC 9110 (10.1.1) lets it, or `seconds` pass. The connection closes after."""
        deadline = time.monotonic() + seconds
        received = 0
        try:
            while (remaining := deadline - time.monotonic()) > 0:
                self.connection.settimeout(remaining)
                data = self.rfile.read1(65536)  # bytes already buffered count too
                if not data:
                    break
                received += len(data)
        except OSError:  # TimeoutError included: the client neither sent nor closed
            pass
        return received

    def _read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            return self._read_chunked()
        return self._read_exactly(self._content_length())

    def _content_length(self):
        lengths = set(self.headers.get_all("Content-Length") or [])
        if not lengths:
            return 0
        if len(lengths) > 1:
            raise BodyError(400, "conflicting Content-Length headers")
        raw = lengths.pop().strip()
        if not raw.isascii() or not raw.isdigit():
            raise BodyError(400, "invalid Content-Length")
        return int(raw)

    def _read_exactly(self, length):
        if length > MAX_BODY:
            raise BodyError(413, f"body larger than {MAX_BODY} bytes")
        data = self.rfile.read(length)
        if len(data) < length:
            raise BodyError(400, "body shorter than Content-Length")
        return data

    def _read_chunked(self):
        parts, total = [], 0
        while True:
            line = self.rfile.readline(1024)
            try:
                size = int(line.split(b";")[0].strip(), 16)
            except ValueError:
                raise BodyError(400, "invalid chunk size") from None
            if size < 0:
                raise BodyError(400, "invalid chunk size")
            if size == 0:
                while self.rfile.readline(65537).strip():
                    pass  # trailer fields are ignored
                return b"".join(parts)
            total += size
            parts.append(self._read_exactly(size if total <= MAX_BODY else MAX_BODY + 1))
            self.rfile.readline(3)

    def _send(self, response):
        """Writes status line, headers and body with one write (or in timed pieces, or from a file)."""
        if response.file is not None:
            with response.file:
                self._send_file(response)
            return
        if response.drop:
            self.close_connection = True
            return
        if response.hold > 0:
            self.close_connection = True
            if response.after_partial is not None:
                if not self._send_partial(response):
                    response.after_hold("closed")
                    return
            response.after_hold(self._hold(response.hold))
            return
        status, body = response.status, response.body
        if status in NO_BODY_STATUSES:
            body = b""
        head = self._head(response, None if status in NO_BODY_STATUSES else len(body))
        if getattr(self, "command", None) == "HEAD":
            body = b""
        try:
            if response.pieces <= 1 or len(body) < 2:
                self.wfile.write(head + body)
            else:
                self._write_pieces(head, body, response.pieces, response.interval)
        except OSError:
            self.close_connection = True
            return
        self.log_request(status, len(body))

    def _send_file(self, response):
        """Writes the head, then `file_length` bytes of `response.file` from `file_offset` with sendfile; with
        `hold`, only the first `file_sent_before_hold` of them, then holds like `_hold`."""
        if response.hold > 0 or response.without_length:
            self.close_connection = True
        length = response.file_sent_before_hold if response.hold > 0 else response.file_length
        head = self._head(response, None if response.without_length else response.file_length)
        try:
            self.wfile.write(head)
            if self.command != "HEAD" and length > 0:
                self.connection.sendfile(response.file, response.file_offset, length)
        except OSError:
            self.close_connection = True
            if response.hold > 0:
                response.after_hold("closed")
            return
        if response.hold > 0:
            response.after_partial()
            response.after_hold(self._hold(response.hold))
            return
        self.log_request(response.status, response.file_length)

    def _head(self, response, length):
        """The status line and header block, with `Content-Length` when it is not None."""
        status = response.status
        lines = [f"HTTP/1.1 {status} {_reason(status)}", f"Date: {formatdate(usegmt=True)}",
                 f"Server: {self.server_version}"]
        lines += [f"{name}: {_clean(value)}" for name, value in response.headers]
        if length is not None:
            lines.append(f"Content-Length: {length}")
        if self.close_connection:
            lines.append("Connection: close")
        elif self.request_version == "HTTP/1.0":
            lines.append("Connection: keep-alive")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1", "replace")

    def _send_partial(self, response):
        """Writes a head announcing one byte more than the body, then the body; False when the client is gone."""
        try:
            self.wfile.write(self._head(response, len(response.body) + 1) + response.body)
        except OSError:
            return False
        response.after_partial()
        return True

    def _hold(self, seconds):
        """Reads and discards until the client closes ("closed") or `seconds` pass ("expired")."""
        deadline = time.monotonic() + seconds
        try:
            while (remaining := deadline - time.monotonic()) > 0:
                self.connection.settimeout(remaining)
                if not self.connection.recv(65536):
                    return "closed"
        except TimeoutError:
            pass
        except OSError:
            return "closed"
        return "expired"

    def _write_pieces(self, head, body, pieces, interval):
        pieces = min(pieces, len(body))
        step, extra = divmod(len(body), pieces)
        start = 0
        for index in range(pieces):
            end = start + step + (1 if index < extra else 0)
            self.wfile.write(head + body[start:end] if index == 0 else body[start:end])
            start = end
            if index < pieces - 1:
                time.sleep(interval)


def _drain(connection):
    """Closes our side and reads what the client still sends until it closes too (a lingering close): with TLS 1.3
    a client may send its request before it reads the alert that refused its certificate, and closing with that
    request unread would reset the connection and lose the alert."""
    try:
        connection.shutdown(socket.SHUT_WR)
        while socket.socket.recv(connection, 65536):
            pass
    except OSError:
        pass


def _split_target(raw):
    """(path, query) of a request target, both still percent-encoded."""
    if raw.startswith(("http://", "https://")):
        parts = urlsplit(raw)
        return parts.path or "/", parts.query
    path, _, query = raw.partition("?")
    return path.partition("#")[0], query


def _reason(status):
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Unknown"


def _clean(value):
    """Header values from query parameters must not smuggle in new lines."""
    return str(value).replace("\r", " ").replace("\n", " ")
