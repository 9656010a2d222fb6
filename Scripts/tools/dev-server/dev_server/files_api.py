"""The Files API (v1): list, download with ranges, multipart upload and delete, streamed both ways.

Behind the token API's bearer access tokens. Bodies move in bounded chunks: uploads through the
incremental multipart parser into staged files, downloads with sendfile from an open file."""

import base64
import re
from email.utils import formatdate, parsedate_to_datetime

from .body_stream import BodyError
from .file_store import name_problem
from .files_hold import HOLD_MAX_SECONDS
from .http_types import Response, empty, json_response
from .multipart_stream import MultipartError, MultipartParser, boundary_from, parse_parameters
from .token_api import authorize

OCTET_STREAM = "application/octet-stream"


def _error(status, message, headers=()):
    return json_response(status, {"error": message}, headers=headers)


def _repr_digest(sha256_hex):
    """RFC 9530 `Repr-Digest` of the whole file: `sha-256=:BASE64:`, in every answer for it (200, 206, 304)."""
    return "sha-256=:%s:" % base64.b64encode(bytes.fromhex(sha256_hex)).decode("ascii")


def _checked_name(match):
    """(name, None) or (None, the 400 response)."""
    name = match["name"]
    problem = name_problem(name)
    return (None, _error(400, f"bad file name: {problem}")) if problem else (name, None)


def list_files(app, request, match):
    rejection = authorize(app, request)
    if rejection:
        return rejection
    return json_response(200, {"files": app.files.listing()})


def download(app, request, match):
    rejection = authorize(app, request)
    if rejection:
        return rejection
    name, bad = _checked_name(match)
    if bad:
        return bad
    opened = app.files.open(name)
    if opened is None:
        return _error(404, f"no file named {name!r}")
    file, info = opened
    size, etag = info["size"], f'"{info["sha256"]}"'
    last_modified = formatdate(info["mtime"], usegmt=True)
    headers = [("ETag", etag), ("Last-Modified", last_modified), ("Accept-Ranges", "bytes"),
               ("Repr-Digest", _repr_digest(info["sha256"]))]
    if _matches_any(request.header("If-None-Match"), etag):
        file.close()
        return empty(304, headers)
    headers.append(("Content-Type", OCTET_STREAM))
    range_header = request.header("Range")
    if request.method == "GET" and range_header is not None and \
            _if_range_holds(request.header("If-Range"), etag, last_modified):
        span = parse_range(range_header, size)
        if span == "unsatisfiable":
            file.close()
            return _error(416, "range not satisfiable", [("Content-Range", f"bytes */{size}")])
        if span is not None:
            start, end = span
            stated_last = app.range_end.take()
            stated = f"bytes {start}-{end}/{size}" if stated_last is None else f"bytes {start}-{stated_last}/*"
            headers.append(("Content-Range", stated))
            app.counters.increment("files.ranges")
            return _held_if_asked(app, request, Response(206, headers=headers, file=file, file_offset=start,
                                                         file_length=end - start + 1,
                                                         without_length=stated_last is not None))
    return _held_if_asked(app, request, Response(200, headers=headers, file=file, file_length=size))


def _held_if_asked(app, request, response):
    """`response`, stopped after its first bytes and held when `/_admin/files-hold` asked for it."""
    sent = app.files_hold.take(response.file_length) if request.method == "GET" else None
    if sent is None:
        return response
    response.file_sent_before_hold = sent
    response.hold = HOLD_MAX_SECONDS
    response.after_partial = lambda: app.counters.increment("files.held")
    response.after_hold = lambda outcome: app.counters.increment(f"files.hold.{outcome}")
    return response


def parse_range(value, size):
    """(first, last) byte positions of a single `bytes=` range, "unsatisfiable", or None to ignore it."""
    unit, _, spec = value.partition("=")
    if unit.strip().lower() != "bytes" or "," in spec:
        return None
    first, dash, last = (part.strip() for part in spec.partition("-"))
    if not dash or not _digits(first or "0") or not _digits(last or "0") or (not first and not last):
        return None
    if not first:
        suffix = int(last)
        return "unsatisfiable" if suffix == 0 or size == 0 else (max(0, size - suffix), size - 1)
    start = int(first)
    if last and int(last) < start:
        return None
    if start >= size:
        return "unsatisfiable"
    return start, min(int(last) if last else size - 1, size - 1)


def _digits(text):
    return text.isascii() and text.isdigit()


def _matches_any(header, etag):
    """If-None-Match: `*` or any listed tag equal to `etag` (weak comparison)."""
    if header is None:
        return False
    tags = [tag.strip().removeprefix("W/") for tag in header.split(",")]
    return "*" in tags or etag in tags


def _if_range_holds(header, etag, last_modified):
    """True without If-Range, or when it names the current version (strong ETag or exact date)."""
    if header is None:
        return True
    header = header.strip()
    if header.startswith('"'):
        return header == etag
    if header.startswith("W/"):
        return False
    try:
        return parsedate_to_datetime(header) == parsedate_to_datetime(last_modified)
    except (TypeError, ValueError):
        return False


def upload(app, request, match):
    rejection = authorize(app, request)
    if rejection:
        return rejection
    staged = []
    try:
        parser = MultipartParser(boundary_from(request.header("Content-Type")))
        _receive(app, request.stream, parser, staged)
    except MultipartError as error:
        _discard(staged)
        app.counters.increment("files.rejected")
        return _error(400, f"bad multipart form: {error}")
    except BodyError as error:
        _discard(staged)
        app.counters.increment("files.rejected")
        return _error(error.status, str(error))
    except BaseException:
        _discard(staged)
        raise
    stored = [app.files.commit(file, name) for name, file in staged]
    app.counters.increment("files.uploaded", len(stored))
    return json_response(201, {"files": stored})


def _receive(app, stream, parser, staged):
    """Feeds the body to `parser`, writing each `file` part to a staged file appended to `staged`."""
    current, received = None, 0
    while not parser.done:
        data = stream.read()
        if not data:
            raise MultipartError("the body ends before the closing boundary")
        received += len(data)
        held = app.upload_hold.take(received)
        if held is not None:
            app.counters.increment("files.upload.held")
            held.wait(HOLD_MAX_SECONDS)
        for event in parser.feed(data):
            if event[0] == "part":
                current = _start_part(app, event[1], staged)
            elif event[0] == "data":
                if current is not None:
                    current.write(event[1])
            else:
                current = None
    if not staged:
        raise MultipartError("no part named \"file\" with a filename")


def _start_part(app, headers, staged):
    """A staged file for a `file` part; None for other fields, which are ignored."""
    disposition, params = parse_parameters(headers.get("content-disposition", ""))
    if disposition != "form-data" or params.get("name") != "file":
        return None
    filename = params.get("filename")
    if filename is None:
        raise MultipartError("a \"file\" part needs a filename")
    problem = name_problem(filename)
    if problem:
        raise MultipartError(f"bad file name {filename!r}: {problem}")
    if any(name == filename for name, _ in staged):
        raise MultipartError(f"the file name {filename!r} appears twice")
    file = app.files.stage()
    staged.append((filename, file))
    return file


def _discard(staged):
    for _, file in staged:
        file.discard()


def delete(app, request, match):
    rejection = authorize(app, request)
    if rejection:
        return rejection
    name, bad = _checked_name(match)
    if bad:
        return bad
    if not app.files.delete(name):
        return _error(404, f"no file named {name!r}")
    app.counters.increment("files.deleted")
    return empty(204)


ROUTES = [
    (("GET", "HEAD"), r"/v1/files", list_files),
    (("POST",), r"/v1/files", upload),
    (("GET", "HEAD"), r"/v1/files/(?P<name>.+)", download),
    (("DELETE",), r"/v1/files/(?P<name>.+)", delete),
]

STREAMING_ROUTES = [(methods, re.compile(pattern)) for methods, pattern, function in ROUTES if function is upload]
