"""Stack Exchange API 2.3 stand-in: /questions and /questions/{ids}, wrapper, errors, quota, validators.

Answers carry `Cache-Control: private` like the live API, plus an ETag and a Last-Modified, and a conditional
request for an unchanged page gets `304 Not Modified` (it still spends quota; an answer with `backoff` is always
sent whole, so the backoff reaches the client). `key` is accepted and counted as `se.key:<key>`.
"""

import hashlib
import threading
from email.utils import formatdate, parsedate_to_datetime

from .http_types import JSON_TYPE, Response, empty, gzip_bytes, json_response
from .se_query import ParameterError, parse_query, select

QUOTA_MAX = 10000
MAX_IDS = 100
# Every site answers from the same fixture catalog; any other name is `bad_parameter`, as on the live API.
SITES = ("stackoverflow", "stackoverflow.com", "superuser", "serverfault", "askubuntu", "math")
THROTTLE_MESSAGE = "too many requests from this IP, more requests available in 30 seconds"


def se_error(error_id, name, message):
    """An error the way the live API reports one: HTTP 400, gzip JSON."""
    payload = {"error_id": error_id, "error_message": message, "error_name": name}
    return json_response(400, payload, compress=True)


def throttle_error():
    return se_error(502, "throttle_violation", THROTTLE_MESSAGE)


def no_method():
    return se_error(404, "no_method", "no method found with this name")


class StackExchangeState:
    """Quota, the admin-set backoff and throttle switch, guarded by one lock."""

    def __init__(self):
        self._lock = threading.Lock()
        self.reset()

    def reset(self):
        with self._lock:
            self._quota = QUOTA_MAX
            self._backoff = 0
            self._backoff_left = None
            self._throttled = False

    def set_backoff(self, seconds, count=None):
        """`backoff: seconds` on the next `count` responses (all of them when count is None)."""
        with self._lock:
            self._backoff, self._backoff_left = seconds, count

    def set_throttled(self, on):
        with self._lock:
            self._throttled = on

    def take(self):
        """Spends one request of quota: (quota_remaining, backoff), or None when throttled.

        After 0 the quota starts again at QUOTA_MAX (a new "day"), so long benchmarks never run dry.
        """
        with self._lock:
            if self._throttled:
                return None
            self._quota = (self._quota if self._quota > 0 else QUOTA_MAX) - 1
            backoff = self._backoff
            if backoff and self._backoff_left is not None:
                self._backoff_left -= 1
                if self._backoff_left <= 0:
                    self._backoff, self._backoff_left = 0, None
            return self._quota, backoff


def _wrapped(questions, query, has_more, total, quota, backoff, validators):
    if query.filter == "total":
        body = b'{"total":%d}' % total
    elif query.filter == "none":
        body = b"{}"
    else:
        attribute = "body_json" if query.filter == "body" else "plain_json"
        items = b",".join(getattr(q, attribute) for q in questions)
        tail = b',"backoff":%d' % backoff if backoff else b""
        body = b'{"items":[%s],"has_more":%s%s,"quota_max":%d,"quota_remaining":%d}' % (
            items, b"true" if has_more else b"false", tail, QUOTA_MAX, quota)
    headers = [("Content-Type", JSON_TYPE), ("Content-Encoding", "gzip"), *validators]
    return Response(200, gzip_bytes(body), headers)


def _validators(questions, query, has_more, total, reference_time):
    """Cache-Control, ETag and Last-Modified of a page: the ETag covers what the page shows, not its quota."""
    digest = hashlib.sha256(repr((query.filter, has_more, total)).encode())
    for question in questions:
        digest.update(question.body_json)
    newest = max((q.activity for q in questions), default=reference_time)
    return [("Cache-Control", "private"), ("ETag", '"%s"' % digest.hexdigest()[:20]),
            ("Last-Modified", formatdate(newest, usegmt=True))], newest


def _not_modified(request, validators, newest):
    """Whether a conditional request names this page (If-None-Match first, as RFC 9110 13.2.2 orders)."""
    etag = validators[1][1]
    if_none_match = request.header("If-None-Match")
    if if_none_match is not None:
        return etag in [tag.strip() for tag in if_none_match.split(",")] or if_none_match.strip() == "*"
    since = request.header("If-Modified-Since")
    if since is None:
        return False
    try:
        return newest <= parsedate_to_datetime(since).timestamp()
    except (TypeError, ValueError):
        return False


def _answer(app, request, candidates):
    """Validates site and parameters, spends quota, and pages `candidates`."""
    if request.method not in ("GET", "HEAD"):
        return no_method()
    site = request.params.get("site", "")
    if not site:
        return se_error(400, "bad_parameter", "site is required")
    if site.lower() not in SITES:
        return se_error(400, "bad_parameter", f"No site found for name `{site}`")
    key = request.params.get("key")
    if key is not None and not key.strip():
        return se_error(400, "bad_parameter", "key")
    try:
        query = parse_query(request.params)
    except ParameterError as error:
        return se_error(400, "bad_parameter", str(error))
    spent = app.se_state.take()
    if key is not None:
        app.counters.increment(f"se.key:{key}")
    if spent is None:
        app.counters.increment("se.throttled")
        return throttle_error()
    page, has_more, total = select(candidates, query, app.catalog.reference_time)
    validators, newest = _validators(page, query, has_more, total, app.catalog.reference_time)
    quota, backoff = spent
    if not backoff and _not_modified(request, validators, newest):
        app.counters.increment("se.not_modified")
        return empty(304, validators)
    return _wrapped(page, query, has_more, total, quota, backoff, validators)


def questions(app, request, match):
    return _answer(app, request, app.catalog.questions)


def questions_by_ids(app, request, match):
    parts = [part for part in match["ids"].split(";") if part]
    if not parts or not all(part.isascii() and part.isdigit() for part in parts):
        return no_method()
    if len(parts) > MAX_IDS:
        return se_error(400, "bad_parameter", "ids")
    found = {int(part) for part in parts} & app.catalog.by_id.keys()
    return _answer(app, request, [app.catalog.by_id[i] for i in found])


def unknown_method(app, request, match):
    return no_method()


ANY = None
ROUTES = [
    (ANY, r"/2\.3/questions", questions),
    (ANY, r"/2\.3/questions/(?P<ids>[^/]+)", questions_by_ids),
    (ANY, r"/2\.3(/.*)?", unknown_method),
]
