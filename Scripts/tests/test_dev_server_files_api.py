"""The dev server's Files API: listing, download with ranges and If-Range, multipart upload, delete, auth."""

import base64
import hashlib
import json
import os
import socket
import tempfile
import unittest
from email.utils import formatdate
from urllib.parse import quote

from tests.dev_server_harness import DevServer, ServerTestCase, start_server, stop_server
from tests.files_api_support import FilesClient, multipart, pattern, peak_rss_kib, reset_peak_rss

setUpModule = start_server
tearDownModule = stop_server


class FilesAPITestCase(ServerTestCase):
    def setUp(self):
        super().setUp()
        self.files = FilesClient(self.server)

    def stored(self, name, data):
        status, answer = self.files.upload([("file", name, data)])
        self.assertEqual(status, 201, answer)
        return answer["files"][0]

    def assertJSONError(self, response, status):
        code, headers, data = response
        self.assertEqual(code, status, data)
        self.assertEqual(headers["Content-Type"], "application/json; charset=utf-8")
        self.assertTrue(json.loads(data)["error"])


class ListingAndUploadTests(FilesAPITestCase):
    def test_listing_starts_empty(self):
        self.assertEqual(self.files.listing(), [])

    def test_upload_of_several_parts_answers_201_with_sizes_and_digests(self):
        first, second = pattern(70_000, seed=1), b""
        status, answer = self.files.upload(
            [("note", None, b"ignored field"), ("file", "b.bin", first), ("file", "a ✓.txt", second)])
        expected = [
            {"name": "b.bin", "size": len(first), "sha256": hashlib.sha256(first).hexdigest()},
            {"name": "a ✓.txt", "size": 0, "sha256": hashlib.sha256(b"").hexdigest()},
        ]
        self.assertEqual((status, answer), (201, {"files": expected}))
        self.assertEqual(self.files.listing(), sorted(expected, key=lambda entry: entry["name"]))
        self.assertEqual(self.server.counter("files.uploaded"), 2)

    def test_upload_replaces_a_file_of_the_same_name(self):
        self.stored("same", b"old")
        self.stored("same", b"new content")
        self.assertEqual(self.files.listing(), [
            {"name": "same", "size": 11, "sha256": hashlib.sha256(b"new content").hexdigest()}])

    def test_part_content_that_looks_like_a_boundary_is_kept(self):
        body, content_type = multipart([("file", "x", b"--nope\r\n--also not\r\n")], boundary="nope-not")
        status, _, data = self.files.call("POST", "/v1/files", body, {"Content-Type": content_type})
        self.assertEqual(status, 201, data)
        self.assertEqual(self.files.call("GET", "/v1/files/x")[2], b"--nope\r\n--also not\r\n")

    def test_chunked_upload_is_accepted(self):
        body, content_type = multipart([("file", "chunked.bin", pattern(300_000, seed=3))])
        pieces = (body[index:index + 8191] for index in range(0, len(body), 8191))
        connection = self.server.connect()
        try:
            connection.request("POST", "/v1/files", body=pieces, encode_chunked=True,
                               headers=self.files.auth({"Content-Type": content_type}))
            response = connection.getresponse()
            self.assertEqual(response.status, 201, response.read())
            response.read()
        finally:
            connection.close()
        self.assertEqual(self.files.listing()[0]["sha256"], hashlib.sha256(pattern(300_000, seed=3)).hexdigest())

    def test_bad_forms_are_400_with_a_json_error_and_store_nothing(self):
        good, content_type = multipart([("file", "a", b"data")])
        cases = {
            "not multipart": (good, "application/octet-stream"),
            "no boundary": (good, "multipart/form-data"),
            "truncated": (good[:-10], content_type),
            "no file part": multipart([("note", None, b"x")]),
            "file part without filename": multipart([("file", None, b"x")]),
            "same name twice": multipart([("file", "twice", b"1"), ("file", "twice", b"2")]),
            "bad header line": (good.replace(b"Content-Type: ", b"Content-Type "), content_type),
        }
        for label, (body, kind) in cases.items():
            with self.subTest(label):
                self.assertJSONError(self.files.call("POST", "/v1/files", body, {"Content-Type": kind}), 400)
        self.assertEqual(self.files.listing(), [])

    def test_bad_names_are_400_and_store_nothing(self):
        for name in ("..", "../escape", "a/b", "nul\0byte", ".hidden", "back\\slash", "new\nline", "x" * 256):
            with self.subTest(name=name):
                body, content_type = multipart([("file", "fine", b"1"), ("file", name, b"2")])
                response = self.files.call("POST", "/v1/files", body, {"Content-Type": content_type})
                self.assertJSONError(response, 400)
        self.assertEqual(self.files.listing(), [])

    def test_bad_names_in_the_path_are_400(self):
        for raw in ("..", "..%2Fescape", "a%2Fb", "nul%00byte", ".hidden"):
            for method in ("GET", "DELETE"):
                with self.subTest(raw=raw, method=method):
                    self.assertJSONError(self.files.call(method, f"/v1/files/{raw}"), 400)


class DownloadTests(FilesAPITestCase):
    def setUp(self):
        super().setUp()
        self.data = pattern(200_000, seed=5)
        self.entry = self.stored("data.bin", self.data)
        self.etag = f'"{self.entry["sha256"]}"'
        self.repr_digest = "sha-256=:%s:" % base64.b64encode(bytes.fromhex(self.entry["sha256"])).decode("ascii")

    def get(self, headers=None, method="GET"):
        return self.files.call(method, "/v1/files/data.bin", headers=headers)

    def test_whole_file_with_validators(self):
        status, headers, body = self.get()
        self.assertEqual((status, body), (200, self.data))
        self.assertEqual(headers["Content-Length"], str(len(self.data)))
        self.assertEqual(headers["ETag"], self.etag)
        self.assertEqual(headers["Accept-Ranges"], "bytes")
        self.assertEqual(headers["Content-Type"], "application/octet-stream")
        self.assertTrue(headers["Last-Modified"].endswith(" GMT"))
        digest = base64.b64encode(hashlib.sha256(self.data).digest()).decode("ascii")
        self.assertEqual(headers["Repr-Digest"], f"sha-256=:{digest}:")
        self.assertEqual(headers["Repr-Digest"], self.repr_digest)

    def test_head_has_the_headers_and_no_body(self):
        status, headers, body = self.get(method="HEAD")
        self.assertEqual((status, body, headers["Content-Length"]), (200, b"", str(len(self.data))))

    def test_ranges(self):
        cases = {"bytes=1000-": (1000, 199_999), "bytes=10-19": (10, 19), "bytes=-5": (199_995, 199_999),
                 "bytes=199990-500000": (199_990, 199_999)}
        for header, (first, last) in cases.items():
            with self.subTest(header):
                status, headers, body = self.get({"Range": header})
                self.assertEqual(status, 206)
                self.assertEqual(headers["Content-Range"], f"bytes {first}-{last}/{len(self.data)}")
                self.assertEqual(body, self.data[first:last + 1])
                self.assertEqual(headers["ETag"], self.etag)
                self.assertEqual(headers["Repr-Digest"], self.repr_digest)

    def test_ignored_ranges_send_the_whole_file(self):
        for header in ("bytes=1-2,5-6", "items=0-1", "bytes=9-3", "bytes=x-"):
            with self.subTest(header):
                status, headers, body = self.get({"Range": header})
                self.assertEqual((status, body), (200, self.data))
                self.assertNotIn("Content-Range", headers)

    def test_unsatisfiable_range_is_416_with_the_length(self):
        for header in ("bytes=200000-", "bytes=-0"):
            with self.subTest(header):
                status, headers, body = self.get({"Range": header})
                self.assertEqual(status, 416)
                self.assertEqual(headers["Content-Range"], f"bytes */{len(self.data)}")

    def test_if_range_with_the_current_validator_gives_206(self):
        last_modified = self.get(method="HEAD")[1]["Last-Modified"]
        for validator in (self.etag, last_modified):
            with self.subTest(validator):
                status, _, body = self.get({"Range": "bytes=100-", "If-Range": validator})
                self.assertEqual((status, body), (206, self.data[100:]))

    def test_if_range_with_another_validator_gives_the_whole_file(self):
        stale = ('"0000"', f"W/{self.etag}", formatdate(0, usegmt=True), "not a date")
        for validator in stale:
            with self.subTest(validator):
                status, headers, body = self.get({"Range": "bytes=100-", "If-Range": validator})
                self.assertEqual((status, body), (200, self.data))
        status, _, body = self.get({"Range": "bytes=900000-", "If-Range": '"0000"'})
        self.assertEqual((status, body), (200, self.data))

    def test_if_range_after_the_file_changed_gives_the_new_file(self):
        self.stored("data.bin", b"replacement")
        status, headers, body = self.get({"Range": "bytes=3-", "If-Range": self.etag})
        self.assertEqual((status, body), (200, b"replacement"))
        self.assertNotEqual(headers["ETag"], self.etag)

    def test_if_none_match_gives_304(self):
        status, headers, body = self.get({"If-None-Match": f'"other", {self.etag}'})
        self.assertEqual((status, body, headers["ETag"]), (304, b"", self.etag))

    def test_missing_file_is_404(self):
        self.assertJSONError(self.files.call("GET", "/v1/files/missing"), 404)

    def test_name_with_reserved_characters_round_trips_percent_encoded(self):
        name = "a b?c#d%e ✓"
        self.stored(name, b"odd")
        self.assertEqual(self.files.call("GET", "/v1/files/" + quote(name, safe=""))[2], b"odd")

    def test_requests_share_one_keep_alive_connection(self):
        connection = self.server.connect()
        try:
            for headers in ({}, {"Range": "bytes=5-9"}, {"Range": "bytes=999999-"}):
                connection.request("GET", "/v1/files/data.bin", headers=self.files.auth(headers))
                response = connection.getresponse()
                response.read()
                self.assertFalse(response.will_close)
            body, content_type = multipart([("file", "k", b"kept")])
            connection.request("POST", "/v1/files", body, self.files.auth({"Content-Type": content_type}))
            self.assertEqual(connection.getresponse().read() and 201, 201)
            connection.request("GET", "/v1/files/k", headers=self.files.auth())
            self.assertEqual(connection.getresponse().read(), b"kept")
        finally:
            connection.close()

    def test_files_hold_stops_the_next_body_after_its_first_bytes_until_the_client_closes(self):
        status, answer = self.server.json("POST", "/_admin/files-hold", {"after_bytes": 1000})
        self.assertEqual((status, answer), (200, {"after_bytes": 1000, "count": 1}))
        connection = self.server.connect()
        try:
            connection.request("GET", "/v1/files/data.bin", headers=self.files.auth({"Range": "bytes=10-"}))
            with connection.getresponse() as response:
                self.assertEqual((response.status, response.headers["Content-Length"]),
                                 (206, str(len(self.data) - 10)))
                self.assertEqual(response.read(1000), self.data[10:1010])
                held = self.server.json("GET", "/_admin/wait?counter=files.held&at_least=1&timeout_ms=4000")
                self.assertEqual(held, (200, {"counter": "files.held", "value": 1}))
        finally:
            connection.close()
        waited = self.server.json("GET", "/_admin/wait?counter=files.hold.closed&at_least=1&timeout_ms=4000")
        self.assertEqual(waited[0], 200)
        self.assertEqual(self.get()[2], self.data, "only the next body is held")

    def test_files_hold_refuses_a_bad_request(self):
        for payload in ({}, {"after_bytes": 0}, {"after_bytes": 5, "count": 0}, {"after_bytes": "5"}):
            with self.subTest(payload):
                self.assertEqual(self.server.call("POST", "/_admin/files-hold", json.dumps(payload))[0], 400)


class UploadHoldTests(FilesAPITestCase):
    def test_upload_hold_stops_reading_the_next_upload_until_released(self):
        status, answer = self.server.json("POST", "/_admin/files-upload-hold", {"after_bytes": 1000})
        self.assertEqual((status, answer), (200, {"after_bytes": 1000}))
        body, content_type = multipart([("file", "held.bin", pattern(300_000))])
        connection = self.server.connect()
        try:
            connection.putrequest("POST", "/v1/files")
            for name, value in self.files.auth({"Content-Type": content_type}).items():
                connection.putheader(name, value)
            connection.putheader("Content-Length", str(len(body)))
            connection.endheaders()
            connection.send(body[:100_000])
            held = self.server.json("GET", "/_admin/wait?counter=files.upload.held&at_least=1&timeout_ms=4000")
            self.assertEqual(held, (200, {"counter": "files.upload.held", "value": 1}))
            self.assertEqual(self.server.counter("files.uploaded"), 0)
            self.assertEqual(self.server.json("POST", "/_admin/files-upload-release", {})[0], 200)
            connection.send(body[100_000:])
            with connection.getresponse() as response:
                self.assertEqual(response.status, 201)
        finally:
            connection.close()
        self.assertEqual(self.files.upload([("file", "next.bin", pattern(5000))])[0], 201, "only one is held")
        self.assertEqual(self.server.counter("files.upload.held"), 1)

    def test_upload_hold_refuses_a_bad_request(self):
        for payload in ({}, {"after_bytes": 0}, {"after_bytes": "5"}):
            with self.subTest(payload):
                self.assertEqual(self.server.call("POST", "/_admin/files-upload-hold", json.dumps(payload))[0], 400)


class DeleteTests(FilesAPITestCase):
    def test_delete_answers_204_then_404(self):
        self.stored("gone", b"x")
        self.assertEqual(self.files.call("DELETE", "/v1/files/gone")[0], 204)
        self.assertJSONError(self.files.call("DELETE", "/v1/files/gone"), 404)
        self.assertEqual(self.files.listing(), [])
        self.assertEqual(self.server.counter("files.deleted"), 1)


class AuthTests(FilesAPITestCase):
    def test_every_route_needs_a_valid_bearer_token(self):
        self.stored("secret", b"s")
        body, content_type = multipart([("file", "sneaky", b"x")])
        calls = [("GET", "/v1/files", None, {}), ("GET", "/v1/files/secret", None, {}),
                 ("DELETE", "/v1/files/secret", None, {}),
                 ("POST", "/v1/files", body, {"Content-Type": content_type})]
        for headers in ({}, {"Authorization": "Bearer nope"}):
            for method, path, payload, extra in calls:
                with self.subTest(method=method, path=path, headers=headers):
                    status, response_headers, _ = self.server.call(method, path, payload, {**extra, **headers})
                    self.assertEqual(status, 401)
                    self.assertEqual(response_headers["WWW-Authenticate"], 'Bearer error="invalid_token"')
        self.assertEqual([entry["name"] for entry in self.files.listing()], ["secret"])

    def test_expired_token_is_401_until_a_new_one_is_issued(self):
        self.server.json("POST", "/_admin/expire-tokens")
        status, _, body = self.files.call("GET", "/v1/files")
        self.assertEqual((status, body), (401, b"access token expired"))
        self.files.token = self.server.access_token()
        self.assertEqual(self.files.call("GET", "/v1/files")[0], 200)

    def test_rejected_upload_keeps_the_connection_usable(self):
        body, content_type = multipart([("file", "big", pattern(2_000_000))])
        connection = self.server.connect()
        try:
            connection.request("POST", "/v1/files", body, {"Content-Type": content_type})
            response = connection.getresponse()
            response.read()
            self.assertEqual((response.status, response.will_close), (401, False))
            connection.request("GET", "/v1/files", headers=self.files.auth())
            self.assertEqual(json.loads(connection.getresponse().read()), {"files": []})
        finally:
            connection.close()


class FilesDirTests(unittest.TestCase):
    """`--files-dir`: existing files are served, kept on reset, and failed uploads leave nothing behind."""

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        with open(os.path.join(self.folder.name, "present.txt"), "wb") as file:
            file.write(b"was here")
        self.server = DevServer("--files-dir", self.folder.name)
        self.files = FilesClient(self.server)

    def tearDown(self):
        code, _, stderr = self.server.stop()
        self.assertEqual(code, 0, stderr)
        self.folder.cleanup()

    def test_serves_existing_files_keeps_them_on_reset_and_cleans_up_failed_uploads(self):
        entry = {"name": "present.txt", "size": 8, "sha256": hashlib.sha256(b"was here").hexdigest()}
        self.assertEqual(self.files.listing(), [entry])
        self.server.call("POST", "/_admin/reset")
        self.files.token = self.server.access_token()
        self.assertEqual(self.files.call("GET", "/v1/files/present.txt")[2], b"was here")
        body, content_type = multipart([("file", "partial", pattern(100_000)), ("file", "../x", b"")])
        self.assertEqual(self.files.call("POST", "/v1/files", body, {"Content-Type": content_type})[0], 400)
        self.assertEqual(sorted(os.listdir(self.folder.name)), ["present.txt"])

    def test_a_name_that_is_not_utf8_is_listed_percent_encoded(self):
        with open(os.path.join(os.fsencode(self.folder.name), b"caf\xe9 \xe2\x9c\x93.txt"), "wb") as file:
            file.write(b"latin-1")
        status, _, data = self.files.call("GET", "/v1/files")
        self.assertEqual(status, 200, data)
        names = [entry["name"] for entry in json.loads(data)["files"]]
        self.assertEqual(names, ["caf%E9 ✓.txt", "present.txt"])

    def test_an_upload_that_breaks_off_stores_nothing(self):
        body, content_type = multipart([("file", "cut", pattern(500_000))])
        head = (f"POST /v1/files HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {self.files.token}\r\n"
                f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        with socket.create_connection((self.server.host, self.server.port), timeout=5) as connection:
            connection.sendall(head + body[:200_000])
        status, answer = self.server.json("GET", "/_admin/wait?counter=files.rejected&at_least=1")
        self.assertEqual(status, 200, answer)
        self.assertEqual(sorted(os.listdir(self.folder.name)), ["present.txt"])
        code, _, stderr = self.server.stop()
        self.assertEqual((code, stderr), (0, ""))
        self.server = DevServer("--files-dir", self.folder.name)

    def test_without_files_dir_uploads_go_to_a_temporary_folder_removed_on_exit(self):
        with tempfile.TemporaryDirectory() as scratch:
            previous = os.environ.get("TMPDIR")
            os.environ["TMPDIR"] = scratch
            try:
                server = DevServer()
            finally:
                if previous is None:
                    del os.environ["TMPDIR"]
                else:
                    os.environ["TMPDIR"] = previous
            try:
                self.assertEqual(FilesClient(server).upload([("file", "t", b"1")])[0], 201)
                (folder,) = os.listdir(scratch)
                self.assertEqual(os.listdir(os.path.join(scratch, folder)), ["t"])
            finally:
                self.assertEqual(server.stop()[0], 0)
            self.assertEqual(os.listdir(scratch), [])


class StreamingMemoryTests(unittest.TestCase):
    """A 20 MiB upload and download move through the server without growing its peak memory by their size."""

    SIZE = 20 * 1024 * 1024
    LIMIT_KIB = 6 * 1024

    def setUp(self):
        self.server = DevServer()
        self.files = FilesClient(self.server)
        self.pid = self.server.process.pid
        if peak_rss_kib(self.pid) is None or not reset_peak_rss(self.pid):
            self.server.stop()
            self.skipTest("needs /proc/PID/status and clear_refs (Linux)")

    def tearDown(self):
        self.assertEqual(self.server.stop()[0], 0)

    def test_large_upload_and_download_keep_peak_memory_small(self):
        self.files.upload([("file", "warm-up", pattern(1_000_000))])
        self.files.call("GET", "/v1/files/warm-up")
        reset_peak_rss(self.pid)
        before = peak_rss_kib(self.pid)
        boundary = "memory-test-boundary"
        head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big\"\r\n\r\n").encode()
        tail = f"\r\n--{boundary}--\r\n".encode()
        block = pattern(64 * 1024, seed=9)
        digest = hashlib.sha256()

        def body():
            yield head
            for _ in range(self.SIZE // len(block)):
                digest.update(block)
                yield block
            yield tail

        connection = self.server.connect()
        try:
            headers = self.files.auth({"Content-Type": f"multipart/form-data; boundary={boundary}",
                                       "Content-Length": str(len(head) + self.SIZE + len(tail))})
            connection.request("POST", "/v1/files", body=body(), headers=headers)
            response = connection.getresponse()
            answer = json.loads(response.read())
            self.assertEqual(response.status, 201, answer)
            self.assertEqual(answer["files"][0]["sha256"], digest.hexdigest())
            after_upload = peak_rss_kib(self.pid)
            connection.request("GET", "/v1/files/big", headers=self.files.auth())
            response = connection.getresponse()
            received = hashlib.sha256()
            while chunk := response.read(256 * 1024):
                received.update(chunk)
            self.assertEqual(received.hexdigest(), digest.hexdigest())
        finally:
            connection.close()
        after_download = peak_rss_kib(self.pid)
        self.assertLess(after_upload - before, self.LIMIT_KIB, "upload grew the peak RSS")
        self.assertLess(after_download - before, self.LIMIT_KIB, "download grew the peak RSS")


if __name__ == "__main__":
    unittest.main()
