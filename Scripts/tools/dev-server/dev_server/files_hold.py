"""Downloads held mid-body: the next file bodies stop after their first bytes, so a test can interrupt a
client while it holds part of a file, without timing."""

import threading

HOLD_MAX_SECONDS = 120


class FilesHold:
    """The pending holds: the next `count` file bodies longer than `after_bytes` stop after that many bytes."""

    def __init__(self):
        self._lock = threading.Lock()
        self._after_bytes = 0
        self._count = 0

    def arm(self, after_bytes, count):
        with self._lock:
            self._after_bytes, self._count = after_bytes, count

    def take(self, length):
        """The bytes to send before holding a body of `length` bytes, or None to send it whole."""
        with self._lock:
            if self._count == 0 or length <= self._after_bytes:
                return None
            self._count -= 1
            return self._after_bytes

    def reset(self):
        self.arm(0, 0)
