"""Numbers a test asks the server to state instead of its own, so a client meets values at the edge of 63 bits:
a download's 206 ending at a chosen last byte with no `Content-Length`, and a draft upload's `max-append-size`."""

import threading


class RangeEnd:
    """The next `count` 206 file answers say `Content-Range: bytes FIRST-LAST/*` with this LAST and send no
    `Content-Length`: the rest of the file follows, ended by closing the connection."""

    def __init__(self):
        self._lock = threading.Lock()
        self._last, self._count = 0, 0

    def arm(self, last, count):
        with self._lock:
            self._last, self._count = last, count

    def take(self):
        """The LAST to state for the next 206, which it uses up, or None."""
        with self._lock:
            if self._count == 0:
                return None
            self._count -= 1
            return self._last

    def reset(self):
        self.arm(0, 0)


class AppendLimit:
    """The `max-append-size` every draft upload answer states in `Upload-Limit` until reset; None states none."""

    def __init__(self):
        self._lock = threading.Lock()
        self._value = None

    def set(self, value):
        with self._lock:
            self._value = value

    @property
    def value(self):
        with self._lock:
            return self._value

    def reset(self):
        self.set(None)
