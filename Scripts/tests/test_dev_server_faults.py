"""The dev server's echo route, fault routes and global fault mode."""

import base64
import gzip
import hashlib
import http.client
import json
import time

from tests.dev_server_harness import ServerTestCase, start_server, stop_server

setUpModule = start_server
tearDownModule = stop_server


class EchoTests(ServerTestCase):
    def test_echo_describes_the_raw_request(self):
        body = b"\x00\xffbinary"
        status, echoed = self.server.json("GET", "/echo/a%20b/c%2Fd?x=1&y=caf%C3%A9&x=2&empty=")
        self.assertEqual(status, 200)
        self.assertEqual(echoed["path"], "/echo/a%20b/c%2Fd")
        self.assertEqual(echoed["query"], "x=1&y=caf%C3%A9&x=2&empty=")
        self.assertEqual(echoed["query_items"], [["x", "1"], ["y", "café"], ["x", "2"], ["empty", ""]])
        _, _, raw = self.server.call("PUT", "/echo/upload", body, {"X-Trace": "abc"})
        echoed = json.loads(raw)
        self.assertEqual(echoed["method"], "PUT")
        self.assertIn(["X-Trace", "abc"], echoed["headers"])
        self.assertEqual(base64.b64decode(echoed["body_base64"]), body)
        self.assertIsNone(echoed["body_text"])

    def test_head_has_content_length_but_no_body(self):
        connection = self.server.connect()
        connection.request("GET", "/echo/same")
        get_length = len(connection.getresponse().read())
        connection.request("HEAD", "/echo/same")
        response = connection.getresponse()
        self.assertEqual(int(response.headers["Content-Length"]), get_length + 1)  # "HEAD" vs "GET"
        self.assertEqual(response.read(), b"")
        connection.close()

    def test_gzip_on_request(self):
        status, headers, data = self.server.call("GET", "/echo/z?gzip=1")
        self.assertEqual(headers["Content-Encoding"], "gzip")
        self.assertEqual(json.loads(gzip.decompress(data))["query_items"], [["gzip", "1"]])


class FaultRouteTests(ServerTestCase):
    def test_status_with_retry_after_and_body(self):
        status, headers, body = self.server.call("GET", "/faults/status/429?retry_after=7&body=slow%20down")
        self.assertEqual((status, headers["Retry-After"], body), (429, "7", b"slow down"))
        self.assertEqual(self.server.call("GET", "/faults/status/204")[0], 204)

    def test_flaky_fails_then_succeeds(self):
        path = "/faults/flaky/upload-1?failures=2&status=503&retry_after=1"
        first, second, third = (self.server.call("POST", path) for _ in range(3))
        self.assertEqual((first[0], first[1]["Retry-After"]), (503, "1"))
        self.assertEqual(second[0], 503)
        self.assertEqual((third[0], third[2]), (200, b"ok 3"))
        self.assertEqual(self.server.counter("flaky:upload-1"), 3)

    def test_delay_and_slow_body(self):
        start = time.monotonic()
        self.assertEqual(self.server.call("GET", "/faults/delay?ms=60")[0], 200)
        self.assertGreaterEqual(time.monotonic() - start, 0.06)
        start = time.monotonic()
        status, headers, body = self.server.call("GET", "/faults/slow-body?bytes=1000&chunks=4&interval_ms=30")
        self.assertGreaterEqual(time.monotonic() - start, 0.09)
        self.assertEqual((status, len(body), headers["Content-Length"]), (200, 1000, "1000"))
        self.assertEqual(body, bytes(i % 251 for i in range(1000)))

    def test_drop_closes_without_response(self):
        with self.assertRaises(http.client.RemoteDisconnected):
            self.server.call("GET", "/faults/drop")

    def test_large_body_is_verifiable(self):
        status, headers, body = self.server.call("GET", "/faults/large?bytes=300000")
        self.assertEqual((status, len(body)), (200, 300000))
        self.assertEqual(headers["X-Content-SHA256"], hashlib.sha256(body).hexdigest())
        self.assertEqual(body[:502], bytes(range(251)) * 2)

    def test_redirect_and_throttle(self):
        status, headers, _ = self.server.call("GET", "/faults/redirect?to=/echo/here&status=307")
        self.assertEqual((status, headers["Location"]), (307, "/echo/here"))
        self.assertSEError("/faults/throttle", 502, "throttle_violation")
        self.assertEqual(self.server.call("GET", "/faults/delay?ms=-1")[0], 400)

    def test_redirect_hops_carry_the_traceparent_each_hop_received(self):
        first = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        status, headers, _ = self.server.call("GET", "/faults/redirect-hops?hops=2", headers={"traceparent": first})
        self.assertEqual(status, 302)
        self.assertEqual(headers["Location"], "/faults/redirect-hops?hops=1&seen=" + first)
        status, headers, _ = self.server.call("GET", headers["Location"])
        self.assertEqual((status, headers["Location"]), (302, "/echo/redirect-hops?seen=" + first + "%2C-"))
        self.assertEqual(self.server.call("GET", "/faults/redirect-hops?hops=0")[0], 400)
        self.assertEqual(self.server.call("GET", "/faults/redirect-hops")[0], 400)


class GlobalFaultTests(ServerTestCase):
    def set_faults(self, **config):
        status, body = self.server.json("POST", "/_admin/faults", config)
        self.assertEqual(status, 200, body)
        self.addCleanup(self.server.json, "POST", "/_admin/faults", {"rate": 0})

    def test_injects_503_but_never_on_admin_routes(self):
        self.set_faults(rate=1, kinds=["503-retry-after"], seed=1)
        status, headers, _ = self.server.call("GET", "/echo/x")
        self.assertEqual((status, headers["Retry-After"]), (503, "1"))
        self.assertEqual(self.server.counter("faults.injected.503-retry-after"), 1)
        self.assertEqual(self.server.counter("route:GET /echo/x"), 1)

    def test_drop_happens_before_a_post_is_processed(self):
        auth = {"Authorization": f"Bearer {self.server.access_token()}"}
        self.set_faults(rate=1, kinds=["drop"])
        with self.assertRaises(http.client.RemoteDisconnected):
            self.server.call("POST", "/v1/token", b"lost", auth)
        self.server.json("POST", "/_admin/faults", {"rate": 0})
        self.assertEqual(self.server.call("GET", "/v1/token", headers=auth)[2], b"initial-token")
        self.assertEqual(self.server.counter("route:POST /v1/token"), 1)
        self.assertEqual(self.server.counter("faulted:POST /v1/token"), 1)
        self.assertEqual(self.server.counter("token.stored"), 0)

    def test_delay_and_slow_keep_the_response_intact(self):
        self.set_faults(rate=1, kinds=["delay", "slow"], delay_ms=20, slow_ms=40)
        for _ in range(4):
            status, body = self.server.json("GET", "/echo/intact")
            self.assertEqual((status, body["path"]), (200, "/echo/intact"))
        counters = self.server.json("GET", "/_admin/counters")[1]
        self.assertEqual(counters.get("faults.injected.delay", 0) + counters.get("faults.injected.slow", 0), 4)

    def test_seed_makes_the_sequence_reproducible(self):
        def run():
            self.set_faults(rate=0.5, kinds=["503"], seed=42)
            return [self.server.call("GET", "/echo/seq")[0] for _ in range(16)]
        first, second = run(), run()
        self.assertEqual(first, second)
        self.assertEqual(set(first), {200, 503})

    def test_invalid_configuration_is_rejected(self):
        for config in ({"rate": 2}, {"kinds": ["boom"]}, [1, 2]):
            self.assertEqual(self.server.call("POST", "/_admin/faults", json.dumps(config).encode())[0], 400)
