"""Plain request and response values passed between the handler and the routes."""

import gzip
import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from urllib.parse import parse_qsl

JSON_TYPE = "application/json; charset=utf-8"
TEXT_TYPE = "text/plain; charset=utf-8"
# A `Host` value (RFC 9110, 7.2): a registered name, an IPv4 address or a bracketed IPv6 address, and a port.
HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


@dataclass
class Request:
    """One parsed HTTP request; `target` and `query` are raw (still percent-encoded)."""

    method: str
    target: str
    query: str
    headers: list
    body: bytes
    base_url: str
    stream: object = None  # a BodyStream for routes that read their body themselves (then `body` is empty)

    @cached_property
    def query_items(self):
        """Decoded (name, value) pairs, in order, blanks kept."""
        return parse_qsl(self.query, keep_blank_values=True, errors="replace")

    @cached_property
    def params(self):
        """The first value of each query parameter."""
        result = {}
        for name, value in self.query_items:
            result.setdefault(name, value)
        return result

    @property
    def origin_url(self):
        """`http://HOST` from the request's `Host`, as the client reached the server (through a reverse proxy or
        a port mapping, the proxy's address); the server's own base URL when `Host` is missing or malformed."""
        host = (self.header("Host") or "").strip()
        return f"http://{host}" if HOST.fullmatch(host) else self.base_url

    def header(self, name):
        """The first header named `name` (case-insensitive), or None."""
        lowered = name.lower()
        for key, value in self.headers:
            if key.lower() == lowered:
                return value
        return None


@dataclass
class Response:
    """What a route answers; the handler turns it into bytes in one write."""

    status: int
    body: bytes = b""
    headers: list = field(default_factory=list)
    pieces: int = 1
    interval: float = 0.0
    drop: bool = False
    hold: float = 0.0
    after_hold: object = None
    file: object = None  # an open binary file: the body is `file_length` bytes from `file_offset`
    file_offset: int = 0
    file_length: int = 0
    file_sent_before_hold: int = 0  # with `hold`: the file bytes sent before holding
    without_length: bool = False  # a file body sent with no `Content-Length`, ended by closing the connection
    after_partial: object = None


def encode_json(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def gzip_bytes(data):
    return gzip.compress(data, compresslevel=6, mtime=0)


def text(status, message, headers=()):
    return Response(status, message.encode("utf-8"), [("Content-Type", TEXT_TYPE), *headers])


def json_response(status, value, compress=False, headers=()):
    body = encode_json(value)
    extra = [("Content-Type", JSON_TYPE), *headers]
    if compress:
        body = gzip_bytes(body)
        extra.append(("Content-Encoding", "gzip"))
    return Response(status, body, extra)


def empty(status, headers=()):
    return Response(status, b"", list(headers))


def held(seconds, after_hold):
    """Sends nothing and keeps the connection open until the client closes it or `seconds` pass.

    `after_hold` is called with "closed" or "expired"."""
    return Response(0, hold=seconds, after_hold=after_hold)


def held_mid_body(body, headers, seconds, after_partial, after_hold):
    """Sends a 200 head announcing one byte more than `body`, then `body`, then holds like `held`.

    `after_partial` is called once the head and `body` are written."""
    return Response(200, body, list(headers), hold=seconds, after_hold=after_hold, after_partial=after_partial)


def dropped():
    """Closes the connection without sending any response."""
    return Response(0, drop=True)


class BadRequest(Exception):
    """A query parameter is missing or invalid; the router answers 400 with the message."""


def int_param(request, name, default, low, high):
    """An integer query parameter within [low, high]; raises BadRequest otherwise."""
    raw = request.params.get(name)
    if raw is None or raw == "":
        if default is None:
            raise BadRequest(f"{name} is required")
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"{name} must be an integer") from None
    if not low <= value <= high:
        raise BadRequest(f"{name} must be between {low} and {high}")
    return value


def read_json_object(request):
    """The request body as a JSON object, or None when it is not one."""
    try:
        value = json.loads(request.body.decode("utf-8") or "{}")
    except (UnicodeDecodeError, ValueError):
        return None
    return value if isinstance(value, dict) else None
