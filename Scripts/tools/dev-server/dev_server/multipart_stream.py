"""An incremental multipart/form-data parser: fed bounded chunks, it never holds a whole part."""

import re
from urllib.parse import unquote

MAX_HEADERS = 16 * 1024
PARAMETER = re.compile(r"\s*([^=;\s]+)\s*=\s*")
BOUNDARY = re.compile(r"[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]")


class MultipartError(Exception):
    """The form is malformed; the message says how."""


def boundary_from(content_type):
    """The boundary of a `multipart/form-data` Content-Type; raises MultipartError otherwise."""
    media, params = parse_parameters(content_type or "")
    if media != "multipart/form-data":
        raise MultipartError("Content-Type must be multipart/form-data")
    boundary = params.get("boundary")
    if not boundary or not BOUNDARY.fullmatch(boundary):
        raise MultipartError("multipart/form-data needs a boundary of 1 to 70 allowed characters")
    return boundary


def parse_parameters(value):
    """(lower-cased first token, {lower-cased name: value}) of a header like `form-data; name="a"`.

    Quoted values are taken as they are, without backslash escapes: HTML form encoders percent-encode
    `"` and send a backslash as itself (a Windows path stays intact). `name*` values in
    RFC 8187 form (`utf-8''%E2%9C%93`) are decoded and win over the plain `name`."""
    head, _, rest = value.partition(";")
    params, extended = {}, {}
    index = 0
    while index < len(rest):
        match = PARAMETER.match(rest, index)
        if not match:
            index = rest.find(";", index) + 1 or len(rest)
            continue
        name, index = match[1].lower(), match.end()
        if rest.startswith('"', index):
            raw, index = _quoted(rest, index + 1)
        else:
            end = rest.find(";", index)
            end = len(rest) if end < 0 else end
            raw, index = rest[index:end].strip(), end
        index = rest.find(";", index) + 1 or len(rest)
        if name.endswith("*"):
            extended[name[:-1]] = _extended(raw)
        else:
            params.setdefault(name, raw)
    params.update(extended)
    return head.strip().lower(), params


def _extended(raw):
    """An RFC 8187 value (`utf-8'lang'%E2%9C%93`) decoded; only UTF-8 is accepted."""
    charset, _, rest = raw.partition("'")
    if charset.lower() != "utf-8":
        raise MultipartError("extended parameters must be UTF-8")
    try:
        return unquote(rest.partition("'")[2], encoding="utf-8", errors="strict")
    except UnicodeDecodeError:
        raise MultipartError("extended parameter is not valid UTF-8") from None


def _quoted(text, index):
    """The content of a quoted string starting after its opening quote, and the index after it."""
    end = text.find('"', index)
    if end < 0:
        raise MultipartError("unterminated quoted string in a part header")
    return text[index:end], end + 1


def parse_headers(block):
    """A part's header block (bytes without the blank line) as {lower-cased name: value}."""
    try:
        lines = block.decode("utf-8").split("\r\n")
    except UnicodeDecodeError:
        raise MultipartError("part headers are not UTF-8") from None
    headers, last = {}, None
    for line in lines:
        if line[:1] in (" ", "\t") and last is not None:
            headers[last] += " " + line.strip()
            continue
        name, colon, value = line.partition(":")
        if not colon or not name.strip():
            raise MultipartError(f"malformed part header line {line[:80]!r}")
        last = name.strip().lower()
        headers[last] = value.strip()
    return headers


class MultipartParser:
    """Push parser: `feed(data)` returns events ("part", headers), ("data", bytes), ("end",).

    `done` is True after the closing boundary; the epilogue is ignored. Memory is bounded by the
    chunk fed plus the boundary and a part's header block (at most MAX_HEADERS)."""

    def __init__(self, boundary):
        self._delimiter = b"\r\n--" + boundary.encode("ascii")
        self._buffer = b"\r\n"  # so the first boundary line looks like every later one
        self._state = self._preamble
        self.done = False

    def feed(self, data):
        self._buffer += data
        events = []
        while not self.done and self._state(events):
            pass
        if self.done:
            self._buffer = b""
        return events

    def _preamble(self, events):
        index = self._buffer.find(self._delimiter)
        if index < 0:
            self._buffer = self._buffer[-(len(self._delimiter) - 1):]
            return False
        self._buffer = self._buffer[index + len(self._delimiter):]
        self._state = self._after_boundary
        return True

    def _after_boundary(self, events):
        if len(self._buffer) < 2:
            return False
        if self._buffer.startswith(b"--"):
            self.done = True
            return False
        index = self._buffer.find(b"\r\n")
        if index < 0:
            if len(self._buffer) > 1024:
                raise MultipartError("boundary line too long")
            return False
        if self._buffer[:index].strip(b" \t"):
            raise MultipartError("unexpected bytes after a boundary")
        self._buffer = self._buffer[index + 2:]
        self._state = self._headers
        return True

    def _headers(self, events):
        if self._buffer.startswith(b"\r\n"):
            block, rest = b"", self._buffer[2:]
        else:
            index = self._buffer.find(b"\r\n\r\n")
            if index < 0:
                if len(self._buffer) > MAX_HEADERS:
                    raise MultipartError("part headers too long")
                return False
            block, rest = self._buffer[:index], self._buffer[index + 4:]
        if len(block) > MAX_HEADERS:
            raise MultipartError("part headers too long")
        events.append(("part", parse_headers(block) if block else {}))
        self._buffer = rest
        self._state = self._body
        return True

    def _body(self, events):
        index = self._buffer.find(self._delimiter)
        if index < 0:
            keep = len(self._delimiter) - 1
            if len(self._buffer) > keep:
                events.append(("data", self._buffer[:-keep]))
                self._buffer = self._buffer[-keep:]
            return False
        if index:
            events.append(("data", self._buffer[:index]))
        events.append(("end",))
        self._buffer = self._buffer[index + len(self._delimiter):]
        self._state = self._after_boundary
        return True
