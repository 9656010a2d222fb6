"""The dev server's routes for hardened clients: black hole, counter waits, gzip lies, redirects, fail-next."""

import gzip
import http.client
import json
import socket
import struct
import threading
import time
import zlib
from urllib.parse import quote

from tests.dev_server_harness import ServerTestCase, start_server, stop_server

setUpModule = start_server
tearDownModule = stop_server
MIB = 1024 * 1024


class WaitTests(ServerTestCase):
    def wait(self, counter, at_least, timeout_ms=10000):
        path = f"/_admin/wait?counter={quote(counter, safe='')}&at_least={at_least}&timeout_ms={timeout_ms}"
        return self.server.json("GET", path)

    def test_answers_at_once_when_the_counter_is_already_there(self):
        self.server.call("GET", "/echo/w")
        self.assertEqual(self.wait("route:GET /echo/w", 1), (200, {"counter": "route:GET /echo/w", "value": 1}))
        self.assertEqual(self.wait("never", 0), (200, {"counter": "never", "value": 0}))

    def test_times_out_with_408_and_the_current_value(self):
        self.assertEqual(self.wait("never", 1, timeout_ms=30), (408, {"counter": "never", "value": 0}))

    def test_wakes_up_when_the_counter_changes(self):
        result = {}
        waiter = threading.Thread(target=lambda: result.update(answer=self.wait("flaky:woken", 2)))
        waiter.start()
        self.assertEqual(self.wait("route:GET /_admin/wait", 2)[0], 200)  # the waiter has arrived
        self.server.call("GET", "/faults/flaky/woken")
        self.server.call("GET", "/faults/flaky/woken")
        waiter.join()
        self.assertEqual(result["answer"], (200, {"counter": "flaky:woken", "value": 2}))

    def test_rejects_missing_or_invalid_parameters(self):
        for query in ("at_least=1", "counter=x", "counter=x&at_least=-1", "counter=x&at_least=1&timeout_ms=z"):
            self.assertEqual(self.server.call("GET", "/_admin/wait?" + query)[0], 400, query)


class BlackHoleTests(ServerTestCase):
    def open_black_hole(self, query=""):
        sock = socket.create_connection((self.server.host, self.server.port), timeout=5)
        sock.sendall(f"GET /faults/black-hole{query} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        return sock

    def wait(self, counter, timeout_ms=10000):
        return self.server.json("GET", f"/_admin/wait?counter={counter}&at_least=1&timeout_ms={timeout_ms}")

    def test_holds_without_answering_until_the_client_closes(self):
        sock = self.open_black_hole()
        self.assertEqual(self.wait("black-hole.opened")[0], 200)
        self.assertEqual(self.wait("black-hole.closed", timeout_ms=100)[0], 408)
        sock.setblocking(False)
        with self.assertRaises(BlockingIOError):
            sock.recv(1)
        sock.close()
        self.assertEqual(self.wait("black-hole.closed")[0], 200)
        self.assertEqual(self.server.counter("black-hole.expired"), 0)

    def test_closes_after_max_ms_without_answering(self):
        with self.open_black_hole("?max_ms=50") as sock:
            self.assertEqual(sock.recv(1), b"")
        self.assertEqual(self.wait("black-hole.expired")[0], 200)
        self.assertEqual(self.server.counter("black-hole.closed"), 0)

    def test_body_bytes_sends_the_head_and_part_of_the_body_then_holds(self):
        sock = self.open_black_hole("?body_bytes=300")
        self.assertEqual(self.wait("black-hole.body-sent")[0], 200)
        received = b""
        while b"\r\n\r\n" not in received or len(received.partition(b"\r\n\r\n")[2]) < 300:
            received += sock.recv(65536)
        head, _, body = received.partition(b"\r\n\r\n")
        self.assertTrue(head.startswith(b"HTTP/1.1 200 "))
        self.assertIn(b"Content-Length: 301", head)
        self.assertEqual(body, bytes(i % 251 for i in range(300)))
        self.assertEqual(self.wait("black-hole.closed", timeout_ms=100)[0], 408)
        sock.close()
        self.assertEqual(self.wait("black-hole.closed")[0], 200)
        self.assertEqual(self.server.counter("black-hole.opened"), 1)

    def test_max_ms_is_capped_at_two_minutes(self):
        self.assertEqual(self.server.call("GET", "/faults/black-hole?max_ms=120001")[0], 400)


class GzipTests(ServerTestCase):
    def test_bomb_inflates_to_the_announced_number_of_zeros(self):
        for size in (0, 1000, 3 * MIB + 7):
            status, headers, body = self.server.call("GET", f"/faults/gzip-bomb?bytes={size}")
            self.assertEqual((status, headers["Content-Encoding"]), (200, "gzip"))
            self.assertEqual(headers["Content-Type"], "application/octet-stream")
            self.assertEqual(headers["X-Decoded-Length"], str(size))
            self.assertEqual(int(headers["Content-Length"]), len(body))
            self.assertEqual(gzip.decompress(body), bytes(size))

    def test_bomb_of_4_gib_is_small_on_the_wire(self):
        path = f"/faults/gzip-bomb?bytes={4 * 1024**3}&type=application/json"
        status, headers, body = self.server.call("GET", path)
        self.assertEqual((status, headers["Content-Type"], headers["X-Decoded-Length"]),
                         (200, "application/json", "4294967296"))
        self.assertLess(len(body), 5 * MIB)
        self.assertEqual(struct.unpack("<I", body[-4:])[0], 0)  # ISIZE is the length modulo 2^32
        self.assertEqual(zlib.decompressobj(31).decompress(body[:64 * 1024], MIB), bytes(MIB))
        connection = self.server.connect()
        connection.request("HEAD", path)
        response = connection.getresponse()
        self.assertEqual((int(response.headers["Content-Length"]), response.read()), (len(body), b""))
        connection.close()

    def test_bomb_size_is_bounded(self):
        for query in ("", "?bytes=-1", f"?bytes={4 * 1024**3 + 1}"):
            self.assertEqual(self.server.call("GET", "/faults/gzip-bomb" + query)[0], 400, query)

    def test_bad_gzip_claims_gzip_but_is_not(self):
        status, headers, body = self.server.call("GET", "/faults/bad-gzip")
        self.assertEqual((status, headers["Content-Encoding"], headers["Content-Type"]),
                         (200, "gzip", "application/json"))
        with self.assertRaises(gzip.BadGzipFile):
            gzip.decompress(body)
        self.assertEqual(self.server.call("GET", "/faults/bad-gzip?type=text/plain")[1]["Content-Type"], "text/plain")


class RedirectTests(ServerTestCase):
    def redirect(self, target):
        return self.server.call("GET", "/faults/redirect?status=302&to=" + quote(target, safe=""))

    def test_accepts_paths_and_loopback_urls(self):
        for target in ("/echo/here", "http://127.0.0.2:9/x?y=1", "http://localhost:1234/a", "http://[::1]:80/",
                       "http://127.0.0.1/"):
            status, headers, _ = self.redirect(target)
            self.assertEqual((status, headers["Location"]), (302, target))

    def test_rejects_other_targets(self):
        for target in ("https://127.0.0.1/", "http://example.com/", "http://127.0.0.1.example.com/", "//127.0.0.1/",
                       "http://10.0.0.1/", "http://127.0.0.1:99999/", "echo/here", "http://127.0.0.1/a b", ""):
            self.assertEqual(self.redirect(target)[0], 400, target)

    def test_redirect_loop_points_at_itself(self):
        for method in ("GET", "POST"):
            status, headers, _ = self.server.call(method, "/faults/redirect-loop?a=1&b=%20")
            self.assertEqual((status, headers["Location"]), (302, "/faults/redirect-loop?a=1&b=%20"))
        self.assertEqual(self.server.call("GET", "/faults/redirect-loop")[1]["Location"], "/faults/redirect-loop")


class FailNextTests(ServerTestCase):
    def fail_next(self, **rule):
        status, body = self.server.json("POST", "/_admin/fail-next", rule)
        self.assertEqual(status, 200, body)

    def test_fails_the_next_matching_requests_without_running_the_route(self):
        self.fail_next(method="POST", path="/v1/auth/token", status=503, count=2, retry_after=1)
        self.assertEqual(self.server.call("GET", "/v1/auth/token")[0], 405)  # another method is not failed
        for _ in range(2):
            status, headers, body = self.server.call("POST", "/v1/auth/token")
            self.assertEqual((status, headers["Retry-After"]), (503, "1"))
            self.assertTrue(body)
        self.assertEqual(self.server.counter("auth.token.issued"), 0)
        self.assertEqual(self.server.counter("failed-next:POST /v1/auth/token"), 2)
        self.assertEqual(self.server.call("POST", "/v1/auth/token")[0], 200)

    def test_defaults_any_method_once_and_ignores_the_query(self):
        self.fail_next(path="/echo/q", status=429)
        status, headers, _ = self.server.call("PUT", "/echo/q?x=1")
        self.assertEqual(status, 429)
        self.assertNotIn("Retry-After", headers)
        self.assertEqual(self.server.call("PUT", "/echo/q?x=1")[0], 200)
        self.assertEqual(self.server.counter("failed-next:PUT /echo/q"), 1)

    def test_a_rule_with_a_location_is_a_redirect(self):
        self.fail_next(method="GET", path="/echo/moved", status=307, location="/echo/here")
        status, headers, _ = self.server.call("GET", "/echo/moved")
        self.assertEqual((status, headers["Location"]), (307, "/echo/here"))
        self.assertEqual(self.server.call("GET", "/echo/moved")[0], 200)
        for location in ["//evil.example/x", "http://127.0.0.1/x", 3, "/a\nb"]:
            rule = json.dumps({"path": "/echo/x", "status": 302, "location": location}).encode()
            self.assertEqual(self.server.call("POST", "/_admin/fail-next", rule)[0], 400, location)

    def test_reset_clears_pending_rules(self):
        self.fail_next(path="/echo/r", status=500, count=3)
        self.server.call("POST", "/_admin/reset")
        self.assertEqual(self.server.call("GET", "/echo/r")[0], 200)

    def test_a_delay_without_a_status_lets_the_route_answer_after_it(self):
        self.fail_next(method="GET", path="/echo/d", delay_ms=50)
        started = time.monotonic()
        status, _, body = self.server.call("GET", "/echo/d?x=1")
        self.assertGreaterEqual(time.monotonic() - started, 0.05)
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["method"], "GET")
        self.assertEqual(self.server.counter("delayed-next:GET /echo/d"), 1)
        self.assertEqual(self.server.counter("failed-next:GET /echo/d"), 0)

    def test_a_delay_with_a_status_answers_the_status_after_it(self):
        self.fail_next(path="/echo/s", status=503, delay_ms=10)
        self.assertEqual(self.server.call("GET", "/echo/s")[0], 503)
        self.assertEqual(self.server.counter("failed-next:GET /echo/s"), 1)

    def test_an_echoing_rule_answers_its_status_with_the_echo_of_the_request(self):
        self.fail_next(path="/v1/token", status=503, echo=True, retry_after=0)
        status, headers, body = self.server.call("GET", "/v1/token?a=1", headers={"traceparent": "00-x"})
        self.assertEqual((status, headers["Retry-After"]), (503, "0"))
        echoed = json.loads(body)
        self.assertEqual((echoed["method"], echoed["path"]), ("GET", "/v1/token"))
        self.assertIn(["traceparent", "00-x"], echoed["headers"])

    def test_rejects_invalid_rules(self):
        for rule in ({"status": 503}, {"path": "/_admin/counters", "status": 503}, {"path": "/x", "status": 99},
                     {"path": "/x", "status": 503, "count": 0}, {"path": "/x", "status": 503, "retry_after": -1},
                     {"path": "x", "status": 503}, {"path": "/x"}, {"path": "/x", "delay_ms": 0},
                     {"path": "/x", "delay_ms": 60_001}, {"path": "/x", "status": 503, "delay_ms": "1"},
                     {"path": "/x", "status": 503, "echo": 1}, [1]):
            self.assertEqual(self.server.call("POST", "/_admin/fail-next", json.dumps(rule).encode())[0], 400, rule)


class EchoHeaderTests(ServerTestCase):
    def test_echo_shows_every_request_header(self):
        _, _, raw = self.server.call("GET", "/echo/h", headers={"Authorization": "Bearer secret", "X-A": "1"})
        headers = json.loads(raw)["headers"]
        self.assertIn(["Authorization", "Bearer secret"], headers)
        self.assertIn(["X-A", "1"], headers)
        self.assertIn("Host", [name for name, _ in headers])
