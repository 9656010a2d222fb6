"""Transfers held mid-body, without timing: the next download bodies stop after their first bytes, so a test
can interrupt a client while it holds part of a file; the next upload stops reading until released, so a test
can change the file being sent."""

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


class UploadHold:
    """A pending upload hold: the next upload stops reading its body once `after_bytes` arrived, counts
    `files.upload.held`, and waits for a release (or HOLD_MAX_SECONDS), so a test can act mid-upload."""

    def __init__(self):
        self._lock = threading.Lock()
        self._after_bytes = None
        self._released = threading.Event()

    def arm(self, after_bytes):
        with self._lock:
            self._after_bytes = after_bytes
            self._released = threading.Event()

    def take(self, received):
        """The event to wait on when `received` body bytes reach the pending hold, which it uses up."""
        with self._lock:
            if self._after_bytes is None or received < self._after_bytes:
                return None
            self._after_bytes = None
            return self._released

    def release(self):
        with self._lock:
            self._released.set()

    def reset(self):
        with self._lock:
            self._after_bytes = None
            self._released.set()
