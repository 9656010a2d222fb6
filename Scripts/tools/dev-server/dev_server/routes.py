"""The route table: (methods or None for any, path pattern, function) from each module."""

import re
import sys
from urllib.parse import unquote

from . import (admin, cdn, draft_uploads, echo, faults, files_api, gzip_faults, otlp_receiver, stack_exchange, token_api,
               tus_uploads)
from .http_types import BadRequest, text

TABLE = [
    (methods, re.compile(pattern), function)
    for module in (token_api, files_api, draft_uploads, tus_uploads, stack_exchange, cdn, echo, faults, gzip_faults,
                   otlp_receiver, admin)
    for methods, pattern, function in module.ROUTES
]


def streams_body(method, target):
    """True when the route for `method` and `target` reads the request body itself, in bounded chunks."""
    path = unquote(target)
    return any(method in methods and pattern.fullmatch(path)
               for module in (files_api, draft_uploads, tus_uploads)
               for methods, pattern in module.STREAMING_ROUTES)


def dispatch(app, request):
    """Runs the first route whose pattern matches the decoded path; 404/405 otherwise."""
    path = unquote(request.target)
    allowed = []
    for methods, pattern, function in TABLE:
        match = pattern.fullmatch(path)
        if not match:
            continue
        if methods is not None and request.method not in methods:
            allowed.extend(methods)
            continue
        try:
            return function(app, request, match)
        except BadRequest as error:
            return text(400, str(error))
        except Exception as error:  # a bug in a route: answer 500, keep serving
            print(f"dev-server: {request.method} {request.target} failed: {error!r}",
                  file=sys.stderr)
            return text(500, "internal error")
    if allowed:
        return text(405, "method not allowed", [("Allow", ", ".join(dict.fromkeys(allowed)))])
    return text(404, f"no route for {request.target}")
