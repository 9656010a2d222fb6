"""Scripted failures: the next requests matching a method and path get a chosen status instead of their route, or
wait before it."""

import threading
from dataclasses import dataclass
from urllib.parse import unquote

from .echo import echo
from .http_types import empty, text

NO_BODY = {204, 304}


@dataclass
class Rule:
    """Answer `status` to the next `count` requests for `path` (any method when `method` is None), after waiting
    `delay_ms`; without a status, the route answers after the wait. With `echo`, the status comes with the body
    `/echo` would answer, so a test sees what each failed request carried. With `location`, the answer carries
    that `Location`, so a 3xx rule is a redirect."""

    method: object
    path: str
    status: object
    count: int
    retry_after: object
    delay_ms: int = 0
    echo: bool = False
    location: object = None

    def as_json(self):
        return {"method": self.method, "path": self.path, "status": self.status, "count": self.count,
                "retry_after": self.retry_after, "delay_ms": self.delay_ms, "echo": self.echo,
                "location": self.location}

    def response(self, request):
        headers = [("Retry-After", str(self.retry_after))] if self.retry_after is not None else []
        if self.location is not None:
            headers.append(("Location", self.location))
        if self.echo:
            answer = echo(None, request, None)
            answer.status = self.status
            answer.headers.extend(headers)
            return answer
        if self.status in NO_BODY:
            return empty(self.status, headers)
        return text(self.status, f"fail-next: {self.status}", headers)


def rule_from_json(payload):
    """A Rule from an admin JSON object; raises ValueError when invalid."""
    method, path = payload.get("method"), payload.get("path")
    status, count, retry_after = payload.get("status"), payload.get("count", 1), payload.get("retry_after")
    delay_ms, echoes = payload.get("delay_ms", 0), payload.get("echo", False)
    location = payload.get("location")
    if not (method is None or (isinstance(method, str) and method.strip())):
        raise ValueError("method must be a non-empty string, or left out for any method")
    if not isinstance(path, str) or not path.startswith("/") or "?" in path:
        raise ValueError("path must be a path starting with / (without a query)")
    if unquote(path).startswith("/_admin/"):
        raise ValueError("/_admin/ routes cannot be failed")
    if not (location is None or (isinstance(location, str) and location.startswith("/")
                                 and not location.startswith("//") and location.isprintable())):
        raise ValueError("location must be a path starting with / (not //), or left out")
    if not isinstance(echoes, bool):
        raise ValueError("echo must be true or false")
    if not _is_int(delay_ms, 0, 60_000):
        raise ValueError("delay_ms must be an integer from 0 to 60000")
    if not (_is_int(status, 200, 599) or (status is None and delay_ms > 0)):
        raise ValueError("status must be an integer between 200 and 599 (it may be left out with delay_ms)")
    if not _is_int(count, 1, 1_000_000):
        raise ValueError("count must be an integer >= 1")
    if not (retry_after is None or _is_int(retry_after, 0, 86_400)):
        raise ValueError("retry_after must be an integer >= 0")
    return Rule(
        method.strip().upper() if method else None, path, status, count, retry_after, delay_ms, echoes, location)


def _is_int(value, low, high):
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


class FailNext:
    """Pending rules, consumed in the order they were added; guarded by one lock."""

    def __init__(self):
        self._lock = threading.Lock()
        self._rules = []

    def add(self, rule):
        with self._lock:
            self._rules.append(rule)

    def take(self, method, target):
        """The first rule matching this request (using up one of its count), or None."""
        path = unquote(target)
        if path.startswith("/_admin/"):
            return None
        with self._lock:
            for rule in self._rules:
                if (rule.method is None or rule.method == method) and unquote(rule.path) == path:
                    rule.count -= 1
                    if rule.count == 0:
                        self._rules.remove(rule)
                    return rule
        return None

    def reset(self):
        with self._lock:
            self._rules.clear()
