"""The dev server as a tus server that holds its lock after a cut (`/_admin/uploads-stale-offset`), and its answers to
`Expect: 100-continue`: a 409 before the body costs no body, and the bytes that came with each 409 are counted."""

import base64
import socket

from tests.dev_server_harness import ServerTestCase, start_server, stop_server
from tests.files_api_support import FilesClient, pattern
from tests.test_dev_server_resumable_uploads import TUS

setUpModule = start_server
tearDownModule = stop_server

OCTETS = "application/offset+octet-stream"


class StaleOffsetTestCase(ServerTestCase):
    def setUp(self):
        super().setUp()
        self.files = FilesClient(self.server)

    def create(self, length):
        metadata = "filename " + base64.b64encode(b"t.bin").decode()
        status, headers, _ = self.files.call("POST", "/v1/tus/", b"", {**TUS, "Upload-Length": str(length),
                                                                      "Upload-Metadata": metadata})
        self.assertEqual(status, 201)
        return "/" + headers["Location"].split("/", 3)[3]

    def offset(self, path):
        status, headers, _ = self.files.call("HEAD", path, None, TUS)
        self.assertEqual(status, 200)
        return int(headers["Upload-Offset"])

    def cut_append(self, path, data, after_bytes):
        self.assertEqual(self.server.json("POST", "/_admin/uploads-cut", {"after_bytes": after_bytes})[0], 200)
        connection = self.server.connect()
        try:
            connection.request("PATCH", path, body=data, headers=self.files.auth(
                {**TUS, "Upload-Offset": "0", "Content-Type": OCTETS}))
            with self.assertRaises(ConnectionError):
                connection.getresponse()
        finally:
            connection.close()

    def raw_patch(self, path, offset, length, expect):
        """Sends a PATCH head only (with `Expect: 100-continue` when `expect`): an open socket and what came back
        before the body, up to the first blank line."""
        lines = [f"PATCH {path} HTTP/1.1", f"Host: {self.server.host}:{self.server.port}",
                 f"Authorization: Bearer {self.files.token}", "Tus-Resumable: 1.0.0", f"Upload-Offset: {offset}",
                 f"Content-Type: {OCTETS}", f"Content-Length: {length}"] + (["Expect: 100-continue"] if expect else [])
        connection = socket.create_connection((self.server.host, self.server.port), timeout=5)
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            data = connection.recv(1)
            if not data:
                break
            head += data
        return connection, head.decode("latin-1")

    def rejected_bytes(self, rejected):
        waited = self.server.json("GET", f"/_admin/wait?counter=uploads.rejected&at_least={rejected}&timeout_ms=5000")
        self.assertEqual(waited[0], 200)
        return self.server.counter("uploads.rejected-bytes")


class StaleOffsetTests(StaleOffsetTestCase):
    def test_after_an_armed_cut_the_next_head_states_the_old_offset_once(self):
        data = pattern(300_000, seed=7)
        path = self.create(len(data))
        self.assertEqual(self.server.json("POST", "/_admin/uploads-stale-offset", {})[0], 200)
        self.cut_append(path, data, 100_000)

        self.assertEqual(self.offset(path), 0)
        self.assertEqual(self.server.counter("uploads.stale-offset"), 1)
        self.assertEqual(self.offset(path), 100_000)

    def test_an_unarmed_cut_states_the_real_offset(self):
        data = pattern(300_000, seed=7)
        path = self.create(len(data))
        self.cut_append(path, data, 100_000)

        self.assertEqual(self.offset(path), 100_000)
        self.assertEqual(self.server.counter("uploads.stale-offset"), 0)

    def test_a_count_of_zero_drops_the_pending_ones(self):
        data = pattern(300_000, seed=7)
        path = self.create(len(data))
        self.assertEqual(self.server.json("POST", "/_admin/uploads-stale-offset", {"count": 2})[0], 200)
        self.assertEqual(self.server.json("POST", "/_admin/uploads-stale-offset", {"count": 0})[0], 200)
        self.cut_append(path, data, 100_000)

        self.assertEqual(self.offset(path), 100_000)
        self.assertEqual(self.server.call("POST", "/_admin/uploads-stale-offset", b'{"count":-1}')[0], 400)


class ExpectContinueTests(StaleOffsetTestCase):
    def test_an_append_from_a_wrong_offset_is_answered_before_any_body(self):
        path = self.create(1000)
        connection, head = self.raw_patch(path, 5, 1000, expect=True)
        try:
            self.assertTrue(head.startswith("HTTP/1.1 409 "), head)
            self.assertIn("Connection: close", head)
        finally:
            connection.close()
        self.assertEqual(self.rejected_bytes(1), 0)

    def test_an_append_from_the_right_offset_gets_100_continue_then_its_answer(self):
        path = self.create(1000)
        connection, head = self.raw_patch(path, 0, 1000, expect=True)
        try:
            self.assertEqual(head, "HTTP/1.1 100 Continue\r\n\r\n")
            connection.sendall(b"x" * 1000)
            answer = connection.recv(4096).decode("latin-1")
            self.assertTrue(answer.startswith("HTTP/1.1 204 "), answer)
        finally:
            connection.close()
        self.assertEqual(self.offset(path), 1000)

    def test_the_body_of_a_rejected_append_is_counted(self):
        path = self.create(200_000)
        status, _, _ = self.files.call("PATCH", path, b"y" * 150_000, {**TUS, "Upload-Offset": "7",
                                                                       "Content-Type": OCTETS})
        self.assertEqual(status, 409)
        self.assertEqual(self.rejected_bytes(1), 150_000)

    def test_a_body_sent_without_waiting_for_100_continue_is_counted(self):
        path = self.create(200_000)
        connection, head = self.raw_patch(path, 9, 100_000, expect=True)
        try:
            self.assertTrue(head.startswith("HTTP/1.1 409 "), head)
            connection.sendall(b"z" * 100_000)
            connection.shutdown(socket.SHUT_WR)
            while connection.recv(65536):
                pass  # the rest of the answer, until the server closes: unread bytes would reset the connection
        finally:
            connection.close()
        self.assertEqual(self.rejected_bytes(1), 100_000)
