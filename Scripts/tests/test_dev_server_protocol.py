"""The dev server's HTTP/1.1 behaviour and command line."""

import json
import signal
import socket
import subprocess
import sys
import time
import unittest

from tests.dev_server_harness import ServerTestCase, DevServer, SERVER_SCRIPT, start_server, stop_server

setUpModule = start_server
tearDownModule = stop_server


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

    def test_host_binds_another_loopback_address(self):
        server = DevServer("--host", "127.0.0.2")
        try:
            expected = f"dev-server ready port={server.port} url=http://127.0.0.2:{server.port}\n"
            self.assertEqual(server.ready_line, expected)
            status, echoed = server.json("GET", "/echo/host")
            self.assertEqual(status, 200)
            self.assertIn(["Host", f"127.0.0.2:{server.port}"], echoed["headers"])
            with self.assertRaises(ConnectionRefusedError):
                socket.create_connection(("127.0.0.1", server.port), timeout=5).close()
        finally:
            self.assertEqual(server.stop()[0], 0)

    @unittest.skipUnless(socket.has_ipv6, "no IPv6")
    def test_host_accepts_ipv6_loopback(self):
        try:
            server = DevServer("--host", "::1")
        except RuntimeError as error:
            self.skipTest(f"::1 unavailable: {error}")
        try:
            self.assertTrue(server.ready_line.endswith(f"url=http://[::1]:{server.port}\n"), server.ready_line)
            self.assertEqual(server.call("GET", "/echo/v6")[0], 200)
        finally:
            self.assertEqual(server.stop()[0], 0)

    def test_host_must_be_loopback(self):
        for host in ("0.0.0.0", "10.0.0.1", "localhost", "::", "example.com"):
            result = subprocess.run([sys.executable, str(SERVER_SCRIPT), "--port", "0", "--host", host],
                                    capture_output=True, text=True, timeout=10)
            self.assertEqual((result.returncode, result.stdout), (64, ""), host)
            self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
            self.assertIn("loopback", result.stderr)

    def test_invalid_flag_is_a_usage_error(self):
        result = subprocess.run([sys.executable, str(SERVER_SCRIPT), "--fault-kinds", "bogus"],
                                capture_output=True, text=True, timeout=10)
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown fault kinds", result.stderr)


if __name__ == "__main__":
    unittest.main()
