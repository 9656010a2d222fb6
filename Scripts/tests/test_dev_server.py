"""End-to-end tests for Scripts/dev-server: a real subprocess, real sockets, one test per behaviour."""

import base64
import gzip
import hashlib
import http.client
import json
import re
import select
import signal
import socket
import struct
import subprocess
import sys
import time
import unittest
import zlib
from pathlib import Path
from urllib.parse import quote, urlsplit

SCRIPTS = Path(__file__).resolve().parents[1]
SERVER_SCRIPT = SCRIPTS / "dev-server"
FIXTURE = SCRIPTS / "fixtures" / "stackexchange" / "questions.json"
READY = re.compile(r"dev-server ready port=(\d+) url=http://127\.0\.0\.1:(\d+)\n")


class DevServer:
    """The server as a subprocess; `stop` sends a signal and returns (exit code, stdout, stderr)."""

    def __init__(self, *args):
        self.process = subprocess.Popen(
            [sys.executable, str(SERVER_SCRIPT), "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        ready, _, _ = select.select([self.process.stdout], [], [], 10)
        line = self.process.stdout.readline().decode() if ready else ""
        match = READY.fullmatch(line)
        if not match or match[1] != match[2]:
            self.process.kill()
            self.process.communicate()
            raise RuntimeError(f"no ready line, got {line!r}")
        self.ready_line = line
        self.port = int(match[1])
        self.base_url = f"http://127.0.0.1:{self.port}"

    def stop(self, sig=signal.SIGTERM):
        self.process.send_signal(sig)
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise
        with self.process.stdout, self.process.stderr:
            return code, self.process.stdout.read().decode(), self.process.stderr.read().decode()

    def connect(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)

    def call(self, method, path, body=None, headers=None):
        """One request on a fresh connection: (status, headers, raw body bytes)."""
        connection = self.connect()
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()

    def json(self, method, path, payload=None):
        body = json.dumps(payload).encode() if payload is not None else None
        status, headers, data = self.call(method, path, body)
        if headers.get("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        return status, json.loads(data)

    def counter(self, key):
        return self.json("GET", "/_admin/counters/" + quote(key, safe=""))[1]["count"]

    def access_token(self):
        return self.json("POST", "/v1/auth/token")[1]["access_token"]


SERVER = None


def setUpModule():
    global SERVER
    SERVER = DevServer()


def tearDownModule():
    code, stdout, stderr = SERVER.stop()
    assert code == 0, f"exit code {code}"
    assert SERVER.process.poll() is not None, "server process still running"
    assert stdout == "", f"unexpected stdout after the ready line: {stdout!r}"
    assert "Traceback" not in stderr, stderr


class ServerTestCase(unittest.TestCase):
    def setUp(self):
        self.server = SERVER
        self.server.call("POST", "/_admin/reset")

    def se(self, path):
        """A Stack Exchange call: (status, decoded JSON), asserting the live API's encoding."""
        status, headers, data = self.server.call("GET", path)
        self.assertEqual(headers["Content-Encoding"], "gzip")
        self.assertEqual(headers["Content-Type"], "application/json; charset=utf-8")
        return status, json.loads(gzip.decompress(data))

    def assertSEError(self, path, error_id, error_name, message=None):
        status, body = self.se(path)
        self.assertEqual(status, 400)
        self.assertEqual((body["error_id"], body["error_name"]), (error_id, error_name))
        if message is not None:
            self.assertEqual(body["error_message"], message)


class TokenAPITests(ServerTestCase):
    def bearer(self, token):
        return {"Authorization": f"Bearer {token}"}

    def test_requests_without_valid_bearer_are_401_with_challenge(self):
        for headers in ({}, self.bearer("nope"), {"Authorization": "Basic abc"}):
            status, response_headers, body = self.server.call("GET", "/v1/token", headers=headers)
            self.assertEqual(status, 401)
            self.assertEqual(response_headers["WWW-Authenticate"], 'Bearer error="invalid_token"')
            self.assertTrue(body)

    def test_issued_access_token_reads_initial_token(self):
        status, issued = self.server.json("POST", "/v1/auth/token")
        self.assertEqual(status, 200)
        self.assertEqual(issued["token_type"], "Bearer")
        self.assertEqual(issued["expires_in"], 300)
        status, headers, body = self.server.call("GET", "/v1/token", headers=self.bearer(issued["access_token"]))
        self.assertEqual((status, body), (200, b"initial-token"))
        self.assertEqual(headers["Content-Type"], "text/plain; charset=utf-8")
        self.assertEqual(self.server.counter("auth.token.issued"), 1)

    def test_post_stores_token_and_is_counted(self):
        auth = self.bearer(self.server.access_token())
        status, _, _ = self.server.call("POST", "/v1/token", "new-token-✓".encode(), auth)
        self.assertEqual(status, 204)
        self.assertEqual(self.server.call("GET", "/v1/token", headers=auth)[2], "new-token-✓".encode())
        self.assertEqual(self.server.counter("route:POST /v1/token"), 1)
        self.assertEqual(self.server.counter("route:GET /v1/token"), 1)
        self.assertEqual(self.server.counter("token.stored"), 1)

    def test_post_rejects_empty_and_non_utf8_bodies(self):
        auth = self.bearer(self.server.access_token())
        for body in (b"", b"\xff\xfe"):
            status, headers, reason = self.server.call("POST", "/v1/token", body, auth)
            self.assertEqual(status, 400)
            self.assertTrue(reason)
        self.assertEqual(self.server.call("GET", "/v1/token", headers=auth)[2], b"initial-token")
        self.assertEqual(self.server.counter("token.stored"), 0)

    def test_old_tokens_stay_valid_until_admin_expires_them(self):
        first, second = self.server.access_token(), self.server.access_token()
        for token in (first, second):
            self.assertEqual(self.server.call("GET", "/v1/token", headers=self.bearer(token))[0], 200)
        self.assertEqual(self.server.json("POST", "/_admin/expire-tokens")[1], {"expired": 2})
        status, _, body = self.server.call("GET", "/v1/token", headers=self.bearer(first))
        self.assertEqual((status, body), (401, b"access token expired"))
        third = self.server.access_token()
        self.assertEqual(self.server.call("GET", "/v1/token", headers=self.bearer(third))[0], 200)
        self.assertEqual(self.server.counter("auth.token.issued"), 3)


class StackExchangeTests(ServerTestCase):
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))["items"]

    def all_pages(self, query, pagesize):
        items, page, has_more = [], 1, True
        while has_more:
            status, body = self.se(f"/2.3/questions?site=stackoverflow&{query}&pagesize={pagesize}&page={page}")
            self.assertEqual(status, 200)
            items += body["items"]
            has_more, page = body["has_more"], page + 1
        return items

    def test_wrapper_defaults_and_quota(self):
        status, first = self.se("/2.3/questions?site=stackoverflow")
        self.assertEqual(status, 200)
        self.assertEqual(len(first["items"]), 30)
        self.assertTrue(first["has_more"])
        self.assertEqual(first["quota_max"], 10000)
        self.assertNotIn("backoff", first)
        self.assertNotIn("body", first["items"][0])
        activity = [item["last_activity_date"] for item in first["items"]]
        self.assertEqual(activity, sorted(activity, reverse=True))
        _, second = self.se("/2.3/questions?site=stackoverflow")
        self.assertEqual(second["quota_remaining"], first["quota_remaining"] - 1)

    def test_article_query_sorts_by_votes_within_tag(self):
        _, body = self.se("/2.3/questions?site=stackoverflow&order=desc&sort=votes&tagged=swiftui&pagesize=10")
        scores = [item["score"] for item in body["items"]]
        self.assertEqual(len(scores), 10)
        self.assertEqual(scores, sorted(scores, reverse=True))
        self.assertTrue(all("swiftui" in item["tags"] for item in body["items"]))

    def test_tagged_means_all_tags(self):
        items = self.all_pages("tagged=swift;codable", 100)
        expected = {q["question_id"] for q in self.fixture if {"swift", "codable"} <= set(q["tags"])}
        self.assertEqual({item["question_id"] for item in items}, expected)
        self.assertGreaterEqual(len(expected), 2)

    def test_paging_visits_every_question_once_in_order(self):
        items = self.all_pages("sort=creation&order=asc", 7)
        self.assertEqual(len(items), len(self.fixture))
        self.assertEqual(len({item["question_id"] for item in items}), len(self.fixture))
        dates = [item["creation_date"] for item in items]
        self.assertEqual(dates, sorted(dates))

    def test_week_and_month_are_recent_subsets(self):
        week, month = self.all_pages("sort=week", 100), self.all_pages("sort=month", 100)
        self.assertLess(0, len(week))
        self.assertLess(len(week), len(month))
        self.assertLess(len(month), len(self.fixture))
        self.assertEqual([q["score"] for q in month], sorted((q["score"] for q in month), reverse=True))
        self.assertEqual(len(self.all_pages("sort=hot", 100)), len(self.fixture))

    def test_bad_parameters_are_reported_like_the_live_api(self):
        self.assertSEError("/2.3/questions", 400, "bad_parameter", "site is required")
        self.assertSEError("/2.3/questions?site=nosuchsite", 400, "bad_parameter")
        for query, name in (("pagesize=101", "pagesize"), ("page=0", "page"), ("sort=random", "sort"),
                            ("order=up", "order"), ("pagesize=ten", "pagesize")):
            self.assertSEError(f"/2.3/questions?site=stackoverflow&{query}", 400, "bad_parameter", name)

    def test_unknown_methods_are_no_method(self):
        self.assertSEError("/2.3/answers?site=stackoverflow", 404, "no_method")
        self.assertSEError("/2.3/questions/abc?site=stackoverflow", 404, "no_method")
        status, _, data = self.server.call("POST", "/2.3/questions?site=stackoverflow")
        self.assertEqual((status, json.loads(gzip.decompress(data))["error_name"]), (400, "no_method"))

    def test_questions_by_ids_with_body_filter(self):
        _, plain = self.se("/2.3/questions/79123456;59012345?site=stackoverflow")
        self.assertEqual({q["question_id"] for q in plain["items"]}, {79123456, 59012345})
        self.assertTrue(all("body" not in q for q in plain["items"]))
        _, full = self.se("/2.3/questions/79123456?site=stackoverflow&filter=withbody")
        self.assertIn("<pre", full["items"][0]["body"])
        _, unknown = self.se("/2.3/questions/1;2?site=stackoverflow")
        self.assertEqual((unknown["items"], unknown["has_more"]), ([], False))
        many = ";".join(str(n) for n in range(1, 102))
        self.assertSEError(f"/2.3/questions/{many}?site=stackoverflow", 400, "bad_parameter")

    def test_fixture_edge_cases_are_served(self):
        items = self.all_pages("sort=votes", 100)
        owners = [item.get("owner") for item in items]
        self.assertIn(None, owners)
        self.assertIn({"user_type": "does_not_exist", "display_name": "user12345"}, owners)
        self.assertTrue(any("closed_reason" in item and "closed_date" in item for item in items))
        self.assertEqual(items[0]["score"], 12345)
        self.assertTrue(any("&#39;" in item["title"] for item in items))
        images = [o["profile_image"] for o in owners if o and "profile_image" in o]
        self.assertTrue(images)
        self.assertTrue(all(url.startswith(self.server.base_url + "/cdn/avatars/") for url in images))

    def test_backoff_and_throttle_switches(self):
        self.server.json("POST", "/_admin/backoff", {"seconds": 10, "count": 1})
        self.assertEqual(self.se("/2.3/questions?site=stackoverflow&pagesize=1")[1]["backoff"], 10)
        self.assertNotIn("backoff", self.se("/2.3/questions?site=stackoverflow&pagesize=1")[1])
        self.server.json("POST", "/_admin/throttle", {"on": True})
        self.assertSEError("/2.3/questions?site=stackoverflow", 502, "throttle_violation",
                           "too many requests from this IP, more requests available in 30 seconds")
        self.server.json("POST", "/_admin/throttle", {"on": False})
        self.assertEqual(self.se("/2.3/questions?site=stackoverflow")[0], 200)


class AvatarTests(ServerTestCase):
    def avatar_path(self):
        _, body = self.se("/2.3/questions/79123456?site=stackoverflow")
        return urlsplit(body["items"][0]["owner"]["profile_image"]).path

    def test_avatar_is_a_valid_png(self):
        status, headers, data = self.server.call("GET", self.avatar_path())
        self.assertEqual((status, headers["Content-Type"]), (200, "image/png"))
        self.assertEqual(data[:8], b"\x89PNG\r\n\x1a\n")
        chunks, offset = {}, 8
        while offset < len(data):
            length, kind = struct.unpack(">I4s", data[offset:offset + 8])
            payload = data[offset + 8:offset + 8 + length]
            crc, = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
            self.assertEqual(zlib.crc32(kind + payload), crc)
            chunks[kind] = payload
            offset += 12 + length
        width, height = struct.unpack(">II", chunks[b"IHDR"][:8])
        self.assertEqual((width, height), (64, 64))
        self.assertEqual(len(zlib.decompress(chunks[b"IDAT"])), height * (1 + width * 3))

    def test_etag_revalidation_and_unknown_names(self):
        path = self.avatar_path()
        etag = self.server.call("GET", path)[1]["ETag"]
        self.assertEqual(self.server.call("GET", path, headers={"If-None-Match": etag})[0], 304)
        self.assertEqual(self.server.call("GET", "/cdn/avatars/nobody.png")[0], 404)


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


class ProtocolTests(ServerTestCase):
    def raw(self, payload):
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=5) as sock:
            sock.sendall(payload)
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
            return data

    def test_keep_alive_reuses_one_connection_without_stalls(self):
        connection = self.server.connect()
        connection.request("GET", "/echo/warm-up")
        connection.getresponse().read()
        sock = connection.sock
        start = time.monotonic()
        for index in range(50):
            connection.request("POST", f"/echo/{index}", body=b"x" * index)
            response = connection.getresponse()
            self.assertEqual(response.status, 200)
            response.read()
        elapsed = time.monotonic() - start
        self.assertIs(connection.sock, sock)
        self.assertLess(elapsed, 1.0, "keep-alive requests are stalling (delayed ACK?)")
        connection.close()

    def test_malformed_requests_get_400_and_the_server_keeps_serving(self):
        self.assertTrue(self.raw(b"NONSENSE\r\n\r\n").startswith(b"HTTP/1.1 400"))
        self.assertTrue(self.raw(b"POST /echo/a HTTP/1.1\r\nContent-Length: x\r\n\r\n").startswith(b"HTTP/1.1 400"))
        self.assertTrue(self.raw(b"GET /echo/a HTTP/1.1\r\nConnection: close\r\nBad header\r\n\r\n")
                        .startswith(b"HTTP/1.1"))
        self.assertEqual(self.server.call("GET", "/echo/still-alive")[0], 200)

    def test_chunked_request_body(self):
        reply = self.raw(b"POST /echo/c HTTP/1.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                         b"3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
        self.assertEqual(json.loads(reply.split(b"\r\n\r\n", 1)[1])["body_text"], "abcde")

    def test_unknown_route_and_wrong_method(self):
        self.assertEqual(self.server.call("GET", "/nowhere")[0], 404)
        status, headers, _ = self.server.call("DELETE", "/v1/token")
        self.assertEqual(status, 405)
        self.assertIn("GET", headers["Allow"])


class CommandLineTests(unittest.TestCase):
    def test_fault_flags_token_lifetime_and_sigint(self):
        server = DevServer("--token-lifetime", "60", "--fault-rate", "1",
                           "--fault-kinds", "503", "--fault-seed", "3")
        try:
            self.assertEqual(server.call("GET", "/echo/a")[0], 503)
            self.assertEqual(server.call("POST", "/v1/auth/token")[0], 503)
            self.assertEqual(server.json("GET", "/_admin/faults")[1]["kinds"], ["503"])
            server.json("POST", "/_admin/faults", {"rate": 0})
            self.assertEqual(server.json("POST", "/v1/auth/token")[1]["expires_in"], 60)
            server.call("POST", "/_admin/reset")
            self.assertEqual(server.json("GET", "/_admin/faults")[1]["rate"], 1)
        finally:
            code, stdout, stderr = server.stop(signal.SIGINT)
        self.assertEqual((code, stdout), (0, ""))
        self.assertNotIn("Traceback", stderr)

    def test_invalid_flag_is_a_usage_error(self):
        result = subprocess.run([sys.executable, str(SERVER_SCRIPT), "--fault-kinds", "bogus"],
                                capture_output=True, text=True, timeout=10)
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown fault kinds", result.stderr)


if __name__ == "__main__":
    unittest.main()
