"""Scripts/tests/otlp_trace_reader.py, the independent reader the CLI tests run on `--trace` files: it finds each
kind of problem it looks for. The reader runs under the interpreter of the `.build-python` virtual environment
(`Scripts/bootstrap --python-tests`), which holds `opentelemetry-proto` and `protobuf`; skipped, saying so, without
it."""

import json
import subprocess
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INTERPRETER = ROOT / ".build-python" / "bin" / "python3"
READER = Path(__file__).resolve().parent / "otlp_trace_reader.py"
MISSING = None if INTERPRETER.exists() else f"{INTERPRETER} is missing; run Scripts/bootstrap --python-tests"

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
        """The reader's summary of a file holding `lines`; its exit status says whether it found a problem."""
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "t.jsonl"
            path.write_text("".join(line + "\n" for line in lines))
            arguments = [str(INTERPRETER), str(READER), str(path)]
            arguments += [item for word in forbid for item in ("--forbid", word)]
            run = subprocess.run(arguments, capture_output=True, text=True, timeout=60)
            summary = json.loads(run.stdout)
            self.assertEqual(run.returncode, 1 if summary["problems"] else 0, run.stderr)
            return summary

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
