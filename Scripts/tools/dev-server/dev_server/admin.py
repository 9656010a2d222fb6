"""/_admin/*: counters and waiting on them, reset, fault mode, fail-next, download and upload holds, upload cuts and
stale offsets after them, stated range ends and append limits, token expiry, SE backoff and throttle.

Never faulted."""

from . import fault_injection
from .fail_next import rule_from_json
from .http_types import BadRequest, int_param, json_response, read_json_object, text

WAIT_DEFAULT_MS = 10_000
WAIT_MAX_MS = 30_000


def counters(app, request, match):
    return json_response(200, app.counters.snapshot())


def counter(app, request, match):
    return json_response(200, {"key": match["key"], "count": app.counters.get(match["key"])})


def wait(app, request, match):
    """Long poll: 200 once the counter reaches `at_least`, 408 after `timeout_ms`; both with its value."""
    name = request.params.get("counter")
    if not name:
        raise BadRequest("counter is required")
    at_least = int_param(request, "at_least", None, 0, 2**63)
    timeout_ms = int_param(request, "timeout_ms", WAIT_DEFAULT_MS, 0, 2**63)
    reached, value = app.counters.wait_for(name, at_least, min(timeout_ms, WAIT_MAX_MS) / 1000)
    return json_response(200 if reached else 408, {"counter": name, "value": value})


def fail_next(app, request, match):
    payload = read_json_object(request)
    if payload is None:
        return text(400, "expected a JSON object like {\"method\":\"POST\",\"path\":\"/v1/auth/token\",\"status\":503}")
    try:
        rule = rule_from_json(payload)
    except ValueError as error:
        return text(400, str(error))
    app.fail_next.add(rule)
    return json_response(200, rule.as_json())


def files_hold(app, request, match):
    """The next `count` (default 1) file downloads stop after `after_bytes` body bytes and hold."""
    payload = read_json_object(request) or {}
    after_bytes, count = payload.get("after_bytes"), payload.get("count", 1)
    if not _is_int(after_bytes, 1) or not _is_int(count, 1):
        return text(400, "expected {\"after_bytes\": N} with N >= 1, and optionally \"count\" >= 1")
    app.files_hold.arm(after_bytes, count)
    return json_response(200, {"after_bytes": after_bytes, "count": count})


def files_upload_hold(app, request, match):
    """The next upload stops reading its body after `after_bytes` bytes until `files-upload-release`."""
    payload = read_json_object(request) or {}
    after_bytes = payload.get("after_bytes")
    if not _is_int(after_bytes, 1):
        return text(400, "expected {\"after_bytes\": N} with N >= 1")
    app.upload_hold.arm(after_bytes)
    return json_response(200, {"after_bytes": after_bytes})


def files_upload_release(app, request, match):
    app.upload_hold.release()
    return json_response(200, {"released": True})


def uploads_cut(app, request, match):
    """The next `count` (default 1) resumable request bodies stop after `after_bytes` and drop the connection;
    a `count` of 0 drops the pending cuts."""
    payload = read_json_object(request) or {}
    after_bytes, count = payload.get("after_bytes"), payload.get("count", 1)
    if not _is_int(after_bytes, 0) or not _is_int(count, 0):
        return text(400, "expected {\"after_bytes\": N} with N >= 0, and optionally \"count\" >= 0")
    app.uploads.cut.arm(after_bytes, count)
    return json_response(200, {"after_bytes": after_bytes, "count": count})


def uploads_stale_offset(app, request, match):
    """The next `count` (default 1) upload cuts leave their upload stating the offset from before the cut to its next
    offset request, once (a server still holding the cut append's lock); a `count` of 0 drops the pending ones."""
    payload = read_json_object(request) or {}
    count = payload.get("count", 1)
    if not _is_int(count, 0):
        return text(400, "expected {\"count\": N} with N >= 0, or {}")
    app.uploads.stale_offset.arm(count)
    return json_response(200, {"count": count})


def files_range_end(app, request, match):
    """The next `count` (default 1) 206 file answers state `Content-Range: bytes FIRST-LAST/*` with this `last`
    and no `Content-Length`; a `count` of 0 drops the pending ones."""
    payload = read_json_object(request) or {}
    last, count = payload.get("last"), payload.get("count", 1)
    if not _is_int(last, 0) or last > 2**63 - 1 or not _is_int(count, 0):
        return text(400, "expected {\"last\": N} with 0 <= N <= 2^63-1, and optionally \"count\" >= 0")
    app.range_end.arm(last, count)
    return json_response(200, {"last": last, "count": count})


def uploads_append_limit(app, request, match):
    """Draft upload answers state `max-append-size` in `Upload-Limit` (null: none) until reset."""
    payload = read_json_object(request) or {}
    value = payload.get("max_append_size")
    if not (value is None or (_is_int(value, 1) and value <= 2**63 - 1)):
        return text(400, "expected {\"max_append_size\": N} with 1 <= N <= 2^63-1, or null")
    app.append_limit.set(value)
    return json_response(200, {"max_append_size": value})


def reset(app, request, match):
    app.reset()
    return json_response(200, {"reset": True})


def get_faults(app, request, match):
    return json_response(200, app.faults.config.as_json())


def set_faults(app, request, match):
    payload = read_json_object(request)
    if payload is None:
        return text(400, "expected a JSON object like {\"rate\":0.2,\"kinds\":[\"503\"],\"seed\":1}")
    try:
        config = fault_injection.config_from_json(app.faults.config, payload)
    except ValueError as error:
        return text(400, str(error))
    app.faults.configure(config)
    return json_response(200, config.as_json())


def expire_tokens(app, request, match):
    return json_response(200, {"expired": app.tokens.expire_all()})


def backoff(app, request, match):
    payload = read_json_object(request) or {}
    seconds, count = payload.get("seconds"), payload.get("count")
    if not _is_int(seconds, 0) or not (count is None or _is_int(count, 1)):
        return text(400, "expected {\"seconds\": N} with N >= 0, and optionally \"count\" >= 1")
    app.se_state.set_backoff(seconds, count)
    return json_response(200, {"seconds": seconds, "count": count})


def throttle(app, request, match):
    payload = read_json_object(request) or {}
    if not isinstance(payload.get("on"), bool):
        return text(400, "expected {\"on\": true} or {\"on\": false}")
    app.se_state.set_throttled(payload["on"])
    return json_response(200, {"on": payload["on"]})


def _is_int(value, minimum):
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


ROUTES = [
    (("GET", "HEAD"), r"/_admin/counters", counters),
    (("GET", "HEAD"), r"/_admin/counters/(?P<key>.+)", counter),
    (("GET", "HEAD"), r"/_admin/wait", wait),
    (("POST",), r"/_admin/reset", reset),
    (("POST",), r"/_admin/fail-next", fail_next),
    (("POST",), r"/_admin/files-hold", files_hold),
    (("POST",), r"/_admin/files-upload-hold", files_upload_hold),
    (("POST",), r"/_admin/files-upload-release", files_upload_release),
    (("POST",), r"/_admin/uploads-cut", uploads_cut),
    (("POST",), r"/_admin/uploads-stale-offset", uploads_stale_offset),
    (("POST",), r"/_admin/files-range-end", files_range_end),
    (("POST",), r"/_admin/uploads-append-limit", uploads_append_limit),
    (("GET", "HEAD"), r"/_admin/faults", get_faults),
    (("POST",), r"/_admin/faults", set_faults),
    (("POST",), r"/_admin/expire-tokens", expire_tokens),
    (("POST",), r"/_admin/backoff", backoff),
    (("POST",), r"/_admin/throttle", throttle),
]
