"""Routes that misbehave on purpose: statuses, flaky keys, delays, slow bodies, drops, black holes, redirects."""

import hashlib
import ipaddress
import os
import time
from functools import lru_cache
from http import HTTPStatus
from urllib.parse import urlencode, urlsplit

from .http_types import BadRequest, Response, dropped, empty, held, held_mid_body, int_param, text
from .stack_exchange import throttle_error

MAX_BYTES = 64 * 1024 * 1024
PATTERN_PERIOD = 251  # body byte i is i % 251, so a client can verify any range
NO_BODY = {204, 304}


def pattern_bytes(count):
    """`count` deterministic bytes: byte i is i % 251."""
    period = bytes(range(PATTERN_PERIOD))
    return (period * (count // PATTERN_PERIOD + 1))[:count]


@lru_cache(maxsize=64)
def pattern_sha256(count):
    return hashlib.sha256(pattern_bytes(count)).hexdigest()


def _reason(code):
    try:
        return HTTPStatus(code).phrase
    except ValueError:
        return "Status"


def _status_response(code, body_text, retry_after):
    headers = [("Retry-After", retry_after)] if retry_after else []
    if code in NO_BODY:
        return empty(code, headers)
    return text(code, body_text if body_text is not None else f"{code} {_reason(code)}", headers)


def status(app, request, match):
    code = int(match["code"])
    if not 200 <= code <= 599:
        raise BadRequest("status must be between 200 and 599")
    return _status_response(code, request.params.get("body"), request.params.get("retry_after"))


def flaky(app, request, match):
    failures = int_param(request, "failures", 1, 0, 1_000_000)
    code = int_param(request, "status", 503, 200, 599)
    count = app.counters.increment(f"flaky:{match['key']}")
    if count <= failures:
        return _status_response(code, f"flaky failure {count} of {failures}",
                                request.params.get("retry_after"))
    return text(200, f"ok {count}")


def delay(app, request, match):
    millis = int_param(request, "ms", 0, 0, 60_000)
    time.sleep(millis / 1000)
    return text(200, f"delayed {millis} ms")


def slow_body(app, request, match):
    size = int_param(request, "bytes", 1024, 1, MAX_BYTES)
    chunks = int_param(request, "chunks", 4, 1, min(size, 10_000))
    interval = int_param(request, "interval_ms", 100, 0, 60_000)
    headers = [("Content-Type", "application/octet-stream"),
               ("X-Content-SHA256", pattern_sha256(size))]
    return Response(200, pattern_bytes(size), headers, pieces=chunks, interval=interval / 1000)


def drop(app, request, match):
    return dropped()


BLACK_HOLE_MAX_MS = 120_000


def black_hole(app, request, match):
    """Never answers (or, with `body_bytes=N`, stops after the head and N body bytes); holds the connection
    until the client closes it or `max_ms` (at most 120 s) pass."""
    limit = int_param(request, "max_ms", BLACK_HOLE_MAX_MS, 1, BLACK_HOLE_MAX_MS)
    sent = int_param(request, "body_bytes", 0, 0, MAX_BYTES)
    app.counters.increment("black-hole.opened")

    def after_hold(outcome):
        app.counters.increment(f"black-hole.{outcome}")

    if sent == 0:
        return held(limit / 1000, after_hold)
    headers = [("Content-Type", "application/octet-stream")]
    return held_mid_body(pattern_bytes(sent), headers, limit / 1000,
                         lambda: app.counters.increment("black-hole.body-sent"), after_hold)


def large(app, request, match):
    size = int_param(request, "bytes", 1024 * 1024, 0, MAX_BYTES)
    headers = [("Content-Type", "application/octet-stream"),
               ("X-Content-SHA256", pattern_sha256(size))]
    return Response(200, pattern_bytes(size), headers)


def large_head(app, request, match):
    """A HEAD answer announcing `bytes` of body (default 100 MB, at most 1 TiB) that never comes."""
    size = int_param(request, "bytes", 100_000_000, 0, 1 << 40)
    headers = [("Content-Type", "application/octet-stream")]
    return Response(200, headers=headers, file=open(os.devnull, "rb"), file_length=size)


def redirect(app, request, match):
    target = request.params.get("to", "")
    code = int_param(request, "status", 302, 300, 399)
    if code not in (301, 302, 303, 307, 308):
        raise BadRequest("status must be one of 301, 302, 303, 307, 308")
    if not (_is_local_path(target) or _is_loopback_url(target)):
        raise BadRequest("to must be a path starting with / or an http:// URL on a loopback host")
    return text(code, f"redirecting to {target}", [("Location", target)])


def redirect_loop(app, request, match):
    """302 to itself (same path and query), forever."""
    target = request.target + (f"?{request.query}" if request.query else "")
    return text(302, f"redirecting to {target}", [("Location", target)])


def redirect_hops(app, request, match):
    """302 `hops` times (1 to 20) on this origin, then to /echo/redirect-hops: each Location's `seen` adds the
    `traceparent` this hop received (`-` for none), comma-separated, so the echo shows every hop's."""
    hops = int_param(request, "hops", None, 1, 20)
    received = request.header("traceparent") or "-"
    seen = ",".join(part for part in (request.params.get("seen", ""), received) if part)
    if hops > 1:
        target = "/faults/redirect-hops?" + urlencode({"hops": hops - 1, "seen": seen})
    else:
        target = "/echo/redirect-hops?" + urlencode({"seen": seen})
    return text(302, f"redirecting to {target}", [("Location", target)])


def _is_local_path(target):
    return target.startswith("/") and not target.startswith("//")


def _is_loopback_url(target):
    """An absolute http:// URL whose host is 127.x.x.x, localhost or [::1], with any (valid) port."""
    if any(ord(character) <= 0x20 or ord(character) == 0x7F for character in target):
        return False
    try:
        parts = urlsplit(target)
        parts.port  # raises ValueError for an invalid port
    except ValueError:
        return False
    if parts.scheme != "http" or not target.lower().startswith("http://") or parts.hostname is None:
        return False
    if parts.hostname == "localhost":
        return True
    try:
        return ipaddress.ip_address(parts.hostname).is_loopback
    except ValueError:
        return False


def throttle(app, request, match):
    return throttle_error()


ANY = None
ROUTES = [
    (ANY, r"/faults/status/(?P<code>\d{3})", status),
    (ANY, r"/faults/flaky/(?P<key>[^/]+)", flaky),
    (("GET", "HEAD"), r"/faults/delay", delay),
    (("GET", "HEAD"), r"/faults/slow-body", slow_body),
    (ANY, r"/faults/drop", drop),
    (("GET", "HEAD"), r"/faults/large", large),
    (("HEAD",), r"/faults/large-head", large_head),
    (ANY, r"/faults/black-hole", black_hole),
    (ANY, r"/faults/redirect", redirect),
    (ANY, r"/faults/redirect-loop", redirect_loop),
    (ANY, r"/faults/redirect-hops", redirect_hops),
    (("GET", "HEAD"), r"/faults/throttle", throttle),
]
