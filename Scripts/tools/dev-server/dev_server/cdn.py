"""The avatar CDN: one identicon per fixture owner, generated at startup."""

import hashlib

from .http_types import Response, empty, text
from .png import identicon

CACHE_CONTROL = ("Cache-Control", "public, max-age=86400")


class Avatars:
    """PNG bytes and ETags for a fixed set of names (read-only after construction)."""

    def __init__(self, names):
        self._images = {}
        for name in names:
            data = identicon(name)
            self._images[name] = (data, '"%s"' % hashlib.sha256(data).hexdigest()[:16])

    def get(self, name):
        return self._images.get(name)


def avatar(app, request, match):
    found = app.avatars.get(match["name"])
    if found is None:
        return text(404, "no such avatar")
    data, etag = found
    headers = [("ETag", etag), CACHE_CONTROL]
    if request.header("If-None-Match") == etag:
        return empty(304, headers)
    return Response(200, data, [("Content-Type", "image/png"), *headers])


ROUTES = [
    (("GET", "HEAD"), r"/cdn/avatars/(?P<name>[^/]+)\.png", avatar),
]
