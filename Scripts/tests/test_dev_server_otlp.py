"""The dev server's OTLP/HTTP receiver (`POST /v1/traces`, `POST /v1/metrics`) and its admin routes, and the echo route
that reports the trace context a request carried."""

import json

from tests.dev_server_harness import ServerTestCase, start_server, stop_server

setUpModule = start_server
tearDownModule = stop_server

TRACES = {"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "4bf92f3577b34da6a3ce929d0e0e4736"}]}]}]}
METRICS = {"resourceMetrics": [{"scopeMetrics": [{"metrics": [{"name": "http.client.request.duration"}]}]}]}


class OTLPReceiverTests(ServerTestCase):
    def post(self, path, document, content_type="application/json", headers=None):
        body = document if isinstance(document, bytes) else json.dumps(document).encode()
        return self.server.call("POST", path, body, {"Content-Type": content_type, **(headers or {})})

    def exports(self):
        status, exports = self.server.json("GET", "/_admin/otlp")
        self.assertEqual(status, 200)
        return exports

    def test_each_signal_keeps_what_it_was_sent_with_its_headers_in_order(self):
        self.assertEqual(self.post("/v1/traces", TRACES, headers={"api-key": "k1"})[0], 200)
        self.assertEqual(self.post("/v1/metrics", METRICS)[0], 200)
        self.assertEqual(self.post("/v1/traces", {"resourceSpans": []})[0], 200)

        exports = self.exports()

        self.assertEqual([item["body"] for item in exports["traces"]], [TRACES, {"resourceSpans": []}])
        self.assertEqual([item["body"] for item in exports["metrics"]], [METRICS])
        self.assertIn(["api-key", "k1"], exports["traces"][0]["headers"])
        self.assertEqual((self.server.counter("otlp.traces"), self.server.counter("otlp.metrics")), (2, 1))

    def test_an_export_is_answered_with_an_empty_export_response(self):
        status, headers, body = self.post("/v1/traces", TRACES, content_type="application/json; charset=utf-8")

        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Type"], "application/json; charset=utf-8")
        self.assertEqual(json.loads(body), {})

    def test_another_content_type_is_415_and_a_body_that_is_no_json_object_is_400_and_neither_is_kept(self):
        self.assertEqual(self.post("/v1/traces", TRACES, content_type="application/x-protobuf")[0], 415)
        self.assertEqual(self.post("/v1/metrics", b"not json")[0], 400)
        self.assertEqual(self.post("/v1/metrics", [1, 2])[0], 400)
        self.assertEqual(self.server.call("GET", "/v1/traces")[0], 405)

        self.assertEqual(self.exports(), {"traces": [], "metrics": []})

    def test_clear_and_reset_forget_the_exports(self):
        self.post("/v1/traces", TRACES)
        self.assertEqual(self.server.json("POST", "/_admin/otlp/clear"), (200, {"cleared": True}))
        self.assertEqual(self.exports(), {"traces": [], "metrics": []})

        self.post("/v1/metrics", METRICS)
        self.server.call("POST", "/_admin/reset")
        self.assertEqual(self.exports(), {"traces": [], "metrics": []})

    def test_echo_reports_the_traceparent_and_tracestate_it_received(self):
        traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        status, _, body = self.server.call("GET", "/echo/traced",
                                           headers={"traceparent": traceparent, "tracestate": "vendor=1"})
        echoed = json.loads(body)

        self.assertEqual(status, 200)
        self.assertIn(["traceparent", traceparent], echoed["headers"])
        self.assertIn(["tracestate", "vendor=1"], echoed["headers"])
