"""An OTLP/HTTP receiver for the tests: `POST /v1/traces` and `POST /v1/metrics` keep each export (OTLP/JSON) with the
headers it came with; `GET /_admin/otlp` reads them back and `POST /_admin/otlp/clear` (or `/_admin/reset`) forgets
them."""

import json
import threading

from .http_types import json_response, text

SIGNALS = ("traces", "metrics")


class OTLPStore:
    """The exports received so far, per signal, in arrival order; guarded by one lock."""

    def __init__(self, counters):
        self._lock = threading.Lock()
        self._counters = counters
        self._exports = {signal: [] for signal in SIGNALS}

    def add(self, signal, headers, document):
        with self._lock:
            self._exports[signal].append({"headers": [list(item) for item in headers], "body": document})
        self._counters.increment(f"otlp.{signal}")

    def snapshot(self):
        with self._lock:
            return {signal: list(exports) for signal, exports in self._exports.items()}

    def reset(self):
        with self._lock:
            for exports in self._exports.values():
                exports.clear()


def receive(app, request, match):
    """200 `{}` (an export response without partial success) for a JSON object; 415 for another type, 400 for
    a body that is not a JSON object. Counts `otlp.traces` or `otlp.metrics` for each export kept."""
    content_type = (request.header("Content-Type") or "").split(";")[0].strip().lower()
    if content_type != "application/json":
        return text(415, "OTLP/HTTP here takes Content-Type: application/json only")
    try:
        document = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        document = None
    if not isinstance(document, dict):
        return text(400, "expected an OTLP/JSON export request (a JSON object)")
    app.otlp.add(match["signal"], request.headers, document)
    return json_response(200, {})


def exports(app, request, match):
    return json_response(200, app.otlp.snapshot())


def clear(app, request, match):
    app.otlp.reset()
    return json_response(200, {"cleared": True})


ROUTES = [
    (("POST",), r"/v1/(?P<signal>traces|metrics)", receive),
    (("GET", "HEAD"), r"/_admin/otlp", exports),
    (("POST",), r"/_admin/otlp/clear", clear),
]
