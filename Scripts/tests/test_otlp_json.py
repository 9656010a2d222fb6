"""The OTLP/JSON that HTTPTelemetry writes, read by an independent reader: the OpenTelemetry protobuf classes.

Parses every line of the golden file that HTTPTelemetry's Swift tests compare their output with
(Packages/HTTPTelemetry/Tests/HTTPTelemetryOTLPTests/Fixtures/otlp-golden.jsonl) with `opentelemetry-proto`
and `protobuf`, when both are importable (Scripts/test runs the python tests under the `.build-python` interpreter,
which holds them); skipped, saying so, otherwise.
Protobuf's JSON mapping reads ids as base64, and reads 32 hex digits silently as a 24-byte id, so the hex ids
are turned into base64 before parsing, as OTLP/JSON receivers do.
"""

import base64
import json
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "Packages/HTTPTelemetry/Tests/HTTPTelemetryOTLPTests/Fixtures/otlp-golden.jsonl"

try:
    from google.protobuf import json_format
    from opentelemetry.proto.collector.metrics.v1 import metrics_service_pb2
    from opentelemetry.proto.collector.trace.v1 import trace_service_pb2
except ImportError as error:  # pragma: no cover - depends on the machine
    json_format = None
    MISSING = f"opentelemetry-proto and protobuf are not importable ({error}); install them to run this reader"
else:
    MISSING = None

ID_FIELDS = ("traceId", "spanId", "parentSpanId")


def hex_ids_to_base64(value):
    """`value` with every trace and span id turned from hex into base64, recursively."""
    if isinstance(value, dict):
        return {key: (base64.b64encode(bytes.fromhex(item)).decode() if key in ID_FIELDS else hex_ids_to_base64(item))
                for key, item in value.items()}
    if isinstance(value, list):
        return [hex_ids_to_base64(item) for item in value]
    return value


@unittest.skipIf(MISSING, MISSING)
class OTLPJSONTests(unittest.TestCase):
    def lines(self):
        return [json.loads(line) for line in GOLDEN.read_text().splitlines() if line]

    def parse(self, document, message):
        return json_format.ParseDict(hex_ids_to_base64(document), message)

    def test_every_line_is_an_export_request(self):
        lines = self.lines()
        self.assertGreaterEqual(len(lines), 2)
        for document in lines:
            if "resourceSpans" in document:
                self.parse(document, trace_service_pb2.ExportTraceServiceRequest())
            else:
                self.parse(document, metrics_service_pb2.ExportMetricsServiceRequest())

    def test_spans_have_16_byte_trace_ids_and_8_byte_span_ids(self):
        requests = [self.parse(line, trace_service_pb2.ExportTraceServiceRequest())
                    for line in self.lines() if "resourceSpans" in line]
        spans = [span for request in requests for resources in request.resource_spans
                 for scope in resources.scope_spans for span in scope.spans]
        self.assertTrue(spans)
        for span in spans:
            self.assertEqual(len(span.trace_id), 16)
            self.assertEqual(len(span.span_id), 8)
            self.assertIn(len(span.parent_span_id), (0, 8))
        span = spans[0]
        self.assertEqual(span.trace_id.hex(), "4bf92f3577b34da6a3ce929d0e0e4736")
        self.assertEqual(span.kind, 3)  # SPAN_KIND_CLIENT
        self.assertEqual(span.start_time_unix_nano, 1_700_000_000_250_000_000)
        self.assertEqual(span.status.code, 2)  # STATUS_CODE_ERROR
        attributes = {item.key: item.value for item in span.attributes}
        self.assertEqual(attributes["http.response.status_code"].int_value, 503)
        self.assertEqual(attributes["x.cached"].bool_value, True)

    def test_the_duration_histogram_keeps_its_counts_and_bounds(self):
        requests = [self.parse(line, metrics_service_pb2.ExportMetricsServiceRequest())
                    for line in self.lines() if "resourceMetrics" in line]
        metric = requests[0].resource_metrics[0].scope_metrics[0].metrics[0]
        self.assertEqual(metric.name, "http.client.request.duration")
        self.assertEqual(metric.histogram.aggregation_temporality, 2)  # CUMULATIVE
        point = metric.histogram.data_points[0]
        self.assertEqual(point.count, 2)
        self.assertEqual(list(point.bucket_counts), [2, 0, 0])
        self.assertEqual(list(point.explicit_bounds), [0.5, 1.0])


class HexIdTests(unittest.TestCase):
    def test_hex_ids_become_base64_and_nothing_else_changes(self):
        converted = hex_ids_to_base64({"spans": [{"traceId": "00" * 15 + "01", "name": "GET"}]})
        self.assertEqual(converted, {"spans": [{"traceId": base64.b64encode(bytes(15) + b"\x01").decode(),
                                                "name": "GET"}]})


if __name__ == "__main__":
    unittest.main()
