"""tus 1.0.0 (core, creation, termination) at `/v1/tus/`, into the Files API.

`OPTIONS /v1/tus/` describes the server, `POST` with `Upload-Length` and `Upload-Metadata: filename <base64>`
creates an upload (201 `Location`), `HEAD` its URL gives `Upload-Offset` and `Upload-Length`, `PATCH` with
`application/offset+octet-stream` appends, `DELETE` cancels. Every request but `OPTIONS` needs
`Tus-Resumable: 1.0.0` (412 otherwise), and every answer carries it. A complete upload is stored like a multipart
one and listed by `GET /v1/files`."""

import base64
import binascii
import re

from .body_stream import BodyError
from .file_store import name_problem
from .http_types import dropped, empty, json_response
from .resumable_store import MAX_SIZE, SETTLE_SECONDS
from .token_api import authorize

VERSION = "1.0.0"
OFFSET_OCTET_STREAM = "application/offset+octet-stream"
PROTOCOL = "tus"


def _tus(response):
    response.headers.append(("Tus-Resumable", VERSION))
    return response


def _error(status, message, headers=()):
    return _tus(json_response(status, {"error": message}, headers=headers))


def _checked(app, request, match=None):
    """(upload or None, None) when the request may go on, else (None, the error response)."""
    rejection = authorize(app, request)
    if rejection:
        return None, _tus(rejection)
    if request.method != "OPTIONS" and (request.header("Tus-Resumable") or "").strip() != VERSION:
        return None, _error(412, f"Tus-Resumable: {VERSION} is required", [("Tus-Version", VERSION)])
    if match is None:
        return None, None
    upload = app.uploads.get(PROTOCOL, match["id"])
    if upload is None:
        return None, _error(404, "no such upload")
    return upload, None


def _offset_headers(upload, offset=None):
    return [("Upload-Offset", str(upload.offset if offset is None else offset)), ("Upload-Length", str(upload.length)),
            ("Cache-Control", "no-store")]


def options(app, request, match):
    _, bad = _checked(app, request)
    return bad or _tus(empty(204, [("Tus-Version", VERSION), ("Tus-Extension", "creation,termination"),
                                   ("Tus-Max-Size", str(MAX_SIZE))]))


def _metadata(value):
    """The `Upload-Metadata` pairs (key -> decoded bytes); raises ValueError when malformed."""
    pairs = {}
    for item in filter(None, (part.strip() for part in (value or "").split(","))):
        key, _, encoded = item.partition(" ")
        pairs[key] = base64.b64decode(encoded.strip(), validate=True) if encoded.strip() else b""
    return pairs


def create(app, request, match):
    _, bad = _checked(app, request)
    if bad:
        return bad
    raw = (request.header("Upload-Length") or "").strip()
    if not raw.isascii() or not raw.isdigit():
        return _error(400, "Upload-Length must be a non-negative integer")
    if int(raw) > MAX_SIZE:
        return _error(413, f"Upload-Length is over Tus-Max-Size ({MAX_SIZE})")
    try:
        name = _metadata(request.header("Upload-Metadata")).get("filename", b"").decode("utf-8")
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return _error(400, "Upload-Metadata must be comma-separated `key base64` pairs")
    problem = "no filename in Upload-Metadata" if not name else name_problem(name)
    if problem:
        return _error(400, f"bad file name: {problem}")
    upload = app.uploads.create(PROTOCOL, name, int(raw))
    if upload.length == 0:
        app.uploads.finish(upload)
    return _tus(empty(201, [("Location", f"{request.origin_url}/v1/tus/{upload.id}")]))


def offset(app, request, match):
    upload, bad = _checked(app, request, match)
    if bad:
        return bad
    if not upload.lock.acquire(timeout=SETTLE_SECONDS):
        return _error(409, "an append is still running", _offset_headers(upload))
    try:
        return _tus(empty(200, _offset_headers(upload, upload.stated_offset(app.counters))))
    finally:
        upload.lock.release()


def append(app, request, match):
    upload, bad = _checked(app, request, match)
    if bad:
        return bad
    if (request.header("Content-Type") or "").split(";")[0].strip().lower() != OFFSET_OCTET_STREAM:
        return _error(415, f"an append needs Content-Type: {OFFSET_OCTET_STREAM}")
    claimed = (request.header("Upload-Offset") or "").strip()
    if not claimed.isascii() or not claimed.isdigit():
        return _error(400, "an append needs Upload-Offset")
    if not upload.lock.acquire(blocking=False):
        return _error(409, "another append is running", _offset_headers(upload))
    try:
        if int(claimed) != upload.offset:
            return _error(409, "Upload-Offset does not match the upload's offset", _offset_headers(upload))
        try:
            if not app.uploads.append(upload, request.stream, app.upload_hold):
                return dropped()
        except BodyError as error:
            return _error(error.status, str(error), _offset_headers(upload))
        if upload.offset == upload.length and not upload.complete:
            app.uploads.finish(upload)
        return _tus(empty(204, [("Upload-Offset", str(upload.offset))]))
    finally:
        upload.lock.release()


def terminate(app, request, match):
    upload, bad = _checked(app, request, match)
    if bad:
        return bad
    with upload.lock:
        app.uploads.delete(upload)
    return _tus(empty(204))


UPLOAD_PATH = r"/v1/tus/(?P<id>[0-9a-f]{32})"
ROUTES = [
    (("OPTIONS",), r"/v1/tus/?", options),
    (("POST",), r"/v1/tus/?", create),
    (("HEAD",), UPLOAD_PATH, offset),
    (("PATCH",), UPLOAD_PATH, append),
    (("DELETE",), UPLOAD_PATH, terminate),
]

STREAMING_ROUTES = [(methods, re.compile(pattern)) for methods, pattern, function in ROUTES if function is append]
