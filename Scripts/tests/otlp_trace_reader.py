"""Reads a `networking --trace` file (OTLP/JSON Lines) with the OpenTelemetry protobuf classes, as an independent
reader: `python3 Scripts/tests/otlp_trace_reader.py FILE [--forbid TEXT]...`.

Run by the interpreter of the `.build-python` virtual environment (Scripts/bootstrap --python-tests), which holds
`opentelemetry-proto` and `protobuf`. Every line must parse as an `ExportTraceServiceRequest` or an
`ExportMetricsServiceRequest`. Protobuf's JSON mapping reads ids as base64 and reads 32 hex digits silently as a
24-byte id, so the hex ids are checked as hex, then turned into base64 before parsing, as OTLP/JSON receivers do.
Prints a JSON summary (`lines`, `roots`, `client_spans`, `metric_lines`, `problems`) and exits 1 when there is a
problem: an id of the wrong size, a CLIENT span without the required attributes or outside a root span of its
trace, or a forbidden text (a credential) anywhere in the file.
"""

import argparse
import base64
import json
import re
import sys

from google.protobuf import json_format
from opentelemetry.proto.collector.metrics.v1 import metrics_service_pb2
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2
from opentelemetry.proto.trace.v1 import trace_pb2

ID_DIGITS = {"traceId": 32, "spanId": 16, "parentSpanId": 16}
REQUIRED_CLIENT_ATTRIBUTES = {"http.request.method", "server.address", "server.port", "url.full"}
HEX = re.compile(r"[0-9a-f]+")


def hex_ids_to_base64(value, problems):
    """`value` with every trace and span id turned from lowercase hex into base64, recursively; an id that is not
    hex of the right length is a problem."""
    if isinstance(value, dict):
        converted = {}
        for key, item in value.items():
            if key in ID_DIGITS:
                if not isinstance(item, str) or len(item) != ID_DIGITS[key] or not HEX.fullmatch(item):
                    problems.append(f"{key} {item!r} is not {ID_DIGITS[key]} lowercase hex digits")
                    converted[key] = item
                else:
                    converted[key] = base64.b64encode(bytes.fromhex(item)).decode()
            else:
                converted[key] = hex_ids_to_base64(item, problems)
        return converted
    if isinstance(value, list):
        return [hex_ids_to_base64(item, problems) for item in value]
    return value


def read(path, forbidden):
    summary = {"lines": 0, "roots": [], "client_spans": 0, "metric_lines": 0, "problems": []}
    problems = summary["problems"]
    with open(path, encoding="utf-8") as file:
        text = file.read()
    for word in forbidden:
        if word and word in text:
            problems.append(f"the file holds a forbidden text ({len(word)} characters)")
    spans = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line:
            continue
        summary["lines"] += 1
        document = hex_ids_to_base64(json.loads(line), problems)
        try:
            if "resourceSpans" in document:
                request = json_format.ParseDict(document, trace_service_pb2.ExportTraceServiceRequest())
                spans += [span for resources in request.resource_spans for scope in resources.scope_spans
                          for span in scope.spans]
            else:
                json_format.ParseDict(document, metrics_service_pb2.ExportMetricsServiceRequest())
                summary["metric_lines"] += 1
        except json_format.ParseError as error:
            problems.append(f"line {number} is no OTLP export request: {error}")
    roots = {}
    for span in spans:
        if len(span.trace_id) != 16 or len(span.span_id) != 8 or len(span.parent_span_id) not in (0, 8):
            problems.append(f"span {span.name!r} has ids of {len(span.trace_id)}/{len(span.span_id)} bytes")
        if span.kind == trace_pb2.Span.SPAN_KIND_INTERNAL:
            roots[(span.trace_id, span.span_id)] = span
            summary["roots"].append(span.name)
    for span in spans:
        if span.kind != trace_pb2.Span.SPAN_KIND_CLIENT:
            continue
        summary["client_spans"] += 1
        keys = {attribute.key for attribute in span.attributes}
        missing = REQUIRED_CLIENT_ATTRIBUTES - keys
        if "error.type" not in keys:
            missing |= {"http.response.status_code"} - keys
        if missing:
            problems.append(f"CLIENT span {span.name!r} lacks {sorted(missing)}")
        if (span.trace_id, span.parent_span_id) not in roots:
            problems.append(f"CLIENT span {span.name!r} is not a child of a root span of its trace")
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--forbid", action="append", default=[], help="text that must not appear in the file")
    arguments = parser.parse_args(argv)
    summary = read(arguments.file, arguments.forbid)
    print(json.dumps(summary))
    return 1 if summary["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
