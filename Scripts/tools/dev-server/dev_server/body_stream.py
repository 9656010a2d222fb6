"""A request body read in bounded chunks, for routes that stream their upload instead of buffering it."""

CHUNK = 64 * 1024


class BodyError(Exception):
    """The request body cannot be read; carries the status to answer."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


class BodyStream:
    """Reads a `Content-Length` or chunked body from `rfile`, at most `CHUNK` bytes at a time.

    `complete` is True once the whole body (and a chunked body's trailer) has been read; `received` counts the body
    bytes read. `send_continue`, for a client that sent `Expect: 100-continue`, is called before the first read: the
    client sends the body only once the route starts reading it."""

    def __init__(self, rfile, length=None, chunked=False, send_continue=None):
        self._rfile = rfile
        self._remaining = length or 0  # bytes left in the body (or the current chunk when chunked)
        self._chunked = chunked
        self._send_continue = send_continue
        self.complete = not chunked and not length
        self.received = 0

    @property
    def uninvited(self):
        """True while the client waits for a `100 Continue` that was not sent: it has sent no body."""
        return self._send_continue is not None and not self.complete

    def read(self, limit=CHUNK):
        """The next bytes of the body (b"" once it is complete); raises BodyError when it breaks off."""
        if self.complete:
            return b""
        if self._send_continue is not None:
            send, self._send_continue = self._send_continue, None
            send()
        if self._chunked and self._remaining == 0:
            self._start_chunk()
            if self.complete:
                return b""
        try:
            data = self._rfile.read(min(limit, self._remaining))
        except OSError as error:  # the client hung up or went silent past the socket timeout
            raise BodyError(400, f"the body broke off: {error}") from error
        if not data:
            raise BodyError(400, "body shorter than announced")
        self.received += len(data)
        self._remaining -= len(data)
        if self._remaining == 0:
            if self._chunked:
                if self._rfile.readline(3).strip():
                    raise BodyError(400, "chunk not followed by CRLF")
            else:
                self.complete = True
        return data

    def drain(self, limit):
        """Reads and discards the rest of the body, up to `limit` bytes; True when it is complete. A body the
        client was never invited to send is not asked for: False."""
        if self.uninvited:
            return False
        discarded = 0
        try:
            while not self.complete and discarded <= limit:
                discarded += len(self.read())
        except (BodyError, OSError):
            return False
        return self.complete

    def _start_chunk(self):
        try:
            line = self._rfile.readline(1024)
        except OSError as error:
            raise BodyError(400, f"the body broke off: {error}") from error
        try:
            size = int(line.split(b";")[0].strip(), 16)
        except ValueError:
            raise BodyError(400, "invalid chunk size") from None
        if size < 0:
            raise BodyError(400, "invalid chunk size")
        if size == 0:
            while self._rfile.readline(65537).strip():
                pass  # trailer fields are ignored
            self.complete = True
        self._remaining = size
