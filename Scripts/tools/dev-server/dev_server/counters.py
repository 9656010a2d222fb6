"""Thread-safe named counters, read back by tests through /_admin/counters and awaited through /_admin/wait."""

import threading


class Counters:
    """A dictionary of integer counters guarded by one condition, notified on every change."""

    def __init__(self):
        self._changed = threading.Condition()
        self._values = {}

    def increment(self, key, amount=1):
        """Adds `amount` to `key` and returns the new value."""
        with self._changed:
            value = self._values.get(key, 0) + amount
            self._values[key] = value
            self._changed.notify_all()
            return value

    def get(self, key):
        with self._changed:
            return self._values.get(key, 0)

    def wait_for(self, key, at_least, timeout):
        """Blocks until `key` >= `at_least` or `timeout` seconds pass; returns (reached, value)."""
        with self._changed:
            reached = self._changed.wait_for(lambda: self._values.get(key, 0) >= at_least, timeout)
            return reached, self._values.get(key, 0)

    def snapshot(self):
        """A sorted copy of every counter."""
        with self._changed:
            return dict(sorted(self._values.items()))

    def reset(self):
        with self._changed:
            self._values.clear()
            self._changed.notify_all()
