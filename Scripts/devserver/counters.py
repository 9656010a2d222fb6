"""Thread-safe named counters, read back by tests through /_admin/counters."""

import threading


class Counters:
    """A dictionary of integer counters guarded by one lock."""

    def __init__(self):
        self._lock = threading.Lock()
        self._values = {}

    def increment(self, key, amount=1):
        """Adds `amount` to `key` and returns the new value."""
        with self._lock:
            value = self._values.get(key, 0) + amount
            self._values[key] = value
            return value

    def get(self, key):
        with self._lock:
            return self._values.get(key, 0)

    def snapshot(self):
        """A sorted copy of every counter."""
        with self._lock:
            return dict(sorted(self._values.items()))

    def reset(self):
        with self._lock:
            self._values.clear()
