"""Resumable uploads for HTTP (draft-ietf-httpbis-resumable-upload, interop version 8) into the Files API.

`POST /v1/uploads` creates an upload (the file name from `Content-Disposition: attachment; filename=...` or
`?name=`), `HEAD` its URL retrieves the offset, `PATCH` with `application/partial-upload` appends, `DELETE`
cancels. A complete upload is stored like a multipart one and listed by `GET /v1/files`."""

import re

from .body_stream import BodyError
from .file_store import name_problem
from .http_types import dropped, empty, json_response
from .multipart_stream import parse_parameters
from .resumable_store import MAX_SIZE, SETTLE_SECONDS
from .token_api import authorize

INTEROP_VERSION = "8"
PARTIAL_UPLOAD = "application/partial-upload"
PROTOCOL = "draft"


def _headers(app, upload, offset=None):
    """The upload's state (at `offset` when given); `Upload-Limit` adds the `max-append-size`
    `/_admin/uploads-append-limit` set."""
    append_limit = app.append_limit.value
    limit = f"max-size={MAX_SIZE}" + ("" if append_limit is None else f", max-append-size={append_limit}")
    headers = [("Upload-Draft-Interop-Version", INTEROP_VERSION), ("Upload-Limit", limit),
               ("Upload-Offset", str(upload.offset if offset is None else offset)), ("Upload-Complete", "?1" if upload.complete else "?0"),
               ("Cache-Control", "no-store")]
    if upload.length is not None:
        headers.append(("Upload-Length", str(upload.length)))
    return headers


def _problem(status, message, headers=(), **extra):
    return json_response(status, {"error": message, **extra}, headers=headers)


def _flag(request, name):
    """True or False for a structured-field boolean header (`?1`/`?0`), None when missing or malformed."""
    return {"?1": True, "?0": False}.get((request.header(name) or "").strip())


def _length(request):
    raw = (request.header("Upload-Length") or "").strip()
    if not raw:
        return None, None
    if not raw.isascii() or not raw.isdigit():
        return None, _problem(400, "Upload-Length must be a non-negative integer")
    if int(raw) > MAX_SIZE:
        return None, _problem(413, f"Upload-Length is over the limit of {MAX_SIZE} bytes")
    return int(raw), None


def _name(request):
    disposition, params = parse_parameters(request.header("Content-Disposition") or "")
    return params.get("filename") or request.params.get("name")


def create(app, request, match):
    rejection = authorize(app, request)
    if rejection:
        return rejection
    complete = _flag(request, "Upload-Complete")
    if complete is None:
        return _problem(400, "Upload-Complete (?0 or ?1) is required")
    name = _name(request)
    problem = "no file name" if not name else name_problem(name)
    if problem:
        return _problem(400, f"bad file name: {problem}")
    length, bad = _length(request)
    if bad:
        return bad
    upload = app.uploads.create(PROTOCOL, name, length)
    location = [("Location", f"{request.origin_url}/v1/uploads/{upload.id}")]
    with upload.lock:
        return _append_and_answer(app, request, upload, complete, 201, location)


def _append_and_answer(app, request, upload, complete, status, extra):
    try:
        if not app.uploads.append(upload, request.stream, app.upload_hold):
            return dropped()
    except BodyError as error:
        return _problem(error.status, str(error), [*_headers(app, upload), *extra])
    if complete:
        if upload.length is not None and upload.offset != upload.length:
            return _problem(400, "the upload ends before Upload-Length", [*_headers(app, upload), *extra])
        entry = app.uploads.finish(upload)
        return json_response(200 if status == 204 else status, {"files": [entry]},
                             headers=[*_headers(app, upload), *extra])
    return empty(status, [*_headers(app, upload), *extra])


def _found(app, request, match):
    """(upload, None) or (None, the error response)."""
    rejection = authorize(app, request)
    if rejection:
        return None, rejection
    upload = app.uploads.get(PROTOCOL, match["id"])
    if upload is None:
        return None, _problem(404, "no such upload")
    return upload, None


def offset(app, request, match):
    upload, bad = _found(app, request, match)
    if bad:
        return bad
    if not upload.lock.acquire(timeout=SETTLE_SECONDS):
        return _problem(409, "an append is still running", _headers(app, upload))
    try:
        return empty(204, _headers(app, upload, upload.stated_offset(app.counters)))
    finally:
        upload.lock.release()


def append(app, request, match):
    upload, bad = _found(app, request, match)
    if bad:
        return bad
    if (request.header("Content-Type") or "").split(";")[0].strip().lower() != PARTIAL_UPLOAD:
        return _problem(415, f"an append needs Content-Type: {PARTIAL_UPLOAD}")
    complete = _flag(request, "Upload-Complete")
    claimed = (request.header("Upload-Offset") or "").strip()
    if complete is None or not claimed.isascii() or not claimed.isdigit():
        return _problem(400, "an append needs Upload-Offset and Upload-Complete")
    if not upload.lock.acquire(blocking=False):
        return _problem(409, "another append is running", _headers(app, upload))
    try:
        if upload.complete:
            return _problem(400, "the upload is already complete", _headers(app, upload))
        if int(claimed) != upload.offset:
            return _problem(409, "mismatching upload offset", _headers(app, upload),
                            **{"expected-offset": upload.offset, "provided-offset": int(claimed)})
        return _append_and_answer(app, request, upload, complete, 204, [])
    finally:
        upload.lock.release()


def cancel(app, request, match):
    upload, bad = _found(app, request, match)
    if bad:
        return bad
    with upload.lock:
        app.uploads.delete(upload)
    return empty(204)


UPLOAD_PATH = r"/v1/uploads/(?P<id>[0-9a-f]{32})"
ROUTES = [
    (("POST",), r"/v1/uploads", create),
    (("HEAD",), UPLOAD_PATH, offset),
    (("PATCH",), UPLOAD_PATH, append),
    (("DELETE",), UPLOAD_PATH, cancel),
]

STREAMING_ROUTES = [(methods, re.compile(pattern)) for methods, pattern, function in ROUTES
                    if function in (create, append)]
