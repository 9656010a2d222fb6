"""/echo/*: describes the request exactly as it arrived."""

import base64

from .http_types import json_response


def echo(app, request, match):
    try:
        body_text = request.body.decode("utf-8")
    except UnicodeDecodeError:
        body_text = None
    description = {
        "method": request.method,
        "path": request.target,
        "query": request.query,
        "query_items": [list(item) for item in request.query_items],
        "headers": [list(item) for item in request.headers],
        "body_base64": base64.b64encode(request.body).decode("ascii"),
        "body_text": body_text,
    }
    return json_response(200, description, compress=request.params.get("gzip") == "1")


ROUTES = [
    (None, r"/echo(/.*)?", echo),
]
