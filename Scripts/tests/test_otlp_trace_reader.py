"""Scripts/tests/otlp_trace_reader.py, the independent reader the CLI tests run on `--trace` files: it finds each
kind of problem it looks for. Needs `opentelemetry-proto` and `protobuf` (the `.build-python` environment);
skipped, saying so, without them."""

import json
import tempfile
import unittest
from pathlib import Path

try:
    from tests import otlp_trace_reader
except ImportError as error:  # pragma: no cover - depends on the machine
    otlp_trace_reader = None
    MISSING = f"opentelemetry-proto and protobuf are not importable ({error}); run Scripts/bootstrap --python-tests"
else:
    MISSING = None

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
ROOT_ID = "00f067aa0ba902b7"
CLIENT_ID = "53995c3f42cd8ad8"
CLIENT_ATTRIBUTES = {"http.request.method": "GET", "server.address": "127.0.0.1", "server.port": 3000,
                     "url.full": "http://127.0.0.1:3000/2.3/questions?key=REDACTED",
                     "http.response.status_code": 200}


def span(span_id, kind, name, parent=None, attributes=None):
    value = {"traceId": TRACE_ID, "spanId": span_id, "name": name, "kind": kind,
             "startTimeUnixNano": "1", "endTimeUnixNano": "2",
             "attributes": [{"key": key, "value": {"intValue": str(item)} if isinstance(item, int)
                             else {"stringValue": item}} for key, item in (attributes or {}).items()]}
    if parent:
        value["parentSpanId"] = parent
    return value


def trace_line(*spans):
    return json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": list(spans)}]}]})


@unittest.skipIf(MISSING, MISSING)
class OTLPTraceReaderTests(unittest.TestCase):
    def read(self, *lines, forbid=()):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "t.jsonl"
            path.write_text("".join(line + "\n" for line in lines))
            return otlp_trace_reader.read(path, list(forbid))

    def good_line(self, **client_attributes):
        return trace_line(span(ROOT_ID, 1, "networking questions"),
                          span(CLIENT_ID, 3, "GET", ROOT_ID, {**CLIENT_ATTRIBUTES, **client_attributes}))

    def test_a_root_and_its_client_span_and_a_metrics_line_pass(self):
        metrics = json.dumps({"resourceMetrics": [{"scopeMetrics": [{"metrics": [{"name": "m"}]}]}]})

        summary = self.read(self.good_line(), metrics)

        self.assertEqual(summary, {"lines": 2, "roots": ["networking questions"], "client_spans": 1,
                                   "metric_lines": 1, "problems": []})

    def test_a_forbidden_text_anywhere_is_a_problem_that_does_not_repeat_it(self):
        summary = self.read(self.good_line(), forbid=["127.0.0.1:3000"])

        self.assertEqual(len(summary["problems"]), 1)
        self.assertNotIn("127.0.0.1:3000", summary["problems"][0])

    def test_an_id_of_24_hex_digits_is_a_problem_although_protobuf_would_read_it(self):
        line = trace_line(span(ROOT_ID, 1, "r"), span(CLIENT_ID, 3, "GET", ROOT_ID, CLIENT_ATTRIBUTES))
        summary = self.read(line.replace(TRACE_ID, TRACE_ID[:24]))

        self.assertTrue(any("traceId" in problem for problem in summary["problems"]), summary)

    def test_a_client_span_without_required_attributes_or_outside_a_root_is_a_problem(self):
        missing = self.read(trace_line(span(ROOT_ID, 1, "r"), span(CLIENT_ID, 3, "GET", ROOT_ID, {})))
        orphan = self.read(trace_line(span(CLIENT_ID, 3, "GET", "1111111111111111", CLIENT_ATTRIBUTES)))

        self.assertTrue(any("lacks" in problem for problem in missing["problems"]), missing)
        self.assertTrue(any("not a child" in problem for problem in orphan["problems"]), orphan)


if __name__ == "__main__":
    unittest.main()
