"""The token API (v1): a stored token behind short-lived bearer access tokens."""

import math
import secrets
import threading
import time

from .http_types import empty, json_response, text

INITIAL_TOKEN = "initial-token"
FORGET_AFTER = 3600.0  # expired access tokens are remembered this long, then pruned


class TokenState:
    """The stored token and the issued access tokens, guarded by one lock."""

    def __init__(self, lifetime, clock=time.monotonic):
        self.lifetime = lifetime
        self._clock = clock
        self._lock = threading.Lock()
        self._stored = INITIAL_TOKEN
        self._expiries = {}

    def issue(self):
        """Creates a new access token; earlier ones stay valid until they expire."""
        token = secrets.token_urlsafe(24)
        now = self._clock()
        with self._lock:
            stale = [t for t, expiry in self._expiries.items() if expiry + FORGET_AFTER < now]
            for old in stale:
                del self._expiries[old]
            self._expiries[token] = now + self.lifetime
        return token

    def check(self, token):
        """'valid', 'expired' or 'unknown'."""
        with self._lock:
            expiry = self._expiries.get(token)
        if expiry is None:
            return "unknown"
        return "valid" if self._clock() < expiry else "expired"

    def expire_all(self):
        """Expires every issued access token at once; returns how many were valid."""
        now = self._clock()
        with self._lock:
            live = [t for t, expiry in self._expiries.items() if expiry > now]
            for token in live:
                self._expiries[token] = now
        return len(live)

    @property
    def stored(self):
        with self._lock:
            return self._stored

    def store(self, value):
        with self._lock:
            self._stored = value

    def reset(self):
        with self._lock:
            self._stored = INITIAL_TOKEN
            self._expiries.clear()


def _unauthorized(app, reason):
    app.counters.increment("auth.rejected")
    return text(401, reason, [("WWW-Authenticate", 'Bearer error="invalid_token"')])


def authorize(app, request):
    """None when the bearer token is valid, else the 401 response."""
    scheme, _, token = (request.header("Authorization") or "").strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return _unauthorized(app, "missing bearer access token")
    state = app.tokens.check(token.strip())
    if state == "expired":
        return _unauthorized(app, "access token expired")
    if state == "unknown":
        return _unauthorized(app, "unknown access token")
    return None


def get_token(app, request, match):
    return authorize(app, request) or text(200, app.tokens.stored)


def post_token(app, request, match):
    rejection = authorize(app, request)
    if rejection:
        return rejection
    if not request.body:
        return text(400, "empty body: send the new token as the request body")
    try:
        value = request.body.decode("utf-8")
    except UnicodeDecodeError:
        return text(400, "body is not valid UTF-8")
    app.tokens.store(value)
    app.counters.increment("token.stored")
    return empty(204)


def issue_access_token(app, request, match):
    token = app.tokens.issue()
    app.counters.increment("auth.token.issued")
    payload = {
        "access_token": token,
        "token_type": "Bearer",
        "expires_in": math.ceil(app.tokens.lifetime),
    }
    return json_response(200, payload, headers=[("Cache-Control", "no-store")])


ROUTES = [
    (("GET", "HEAD"), r"/v1/token", get_token),
    (("POST",), r"/v1/token", post_token),
    (("POST",), r"/v1/auth/token", issue_access_token),
]
