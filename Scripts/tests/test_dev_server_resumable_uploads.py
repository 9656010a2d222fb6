"""The dev server's resumable uploads: the IETF draft at /v1/uploads and tus 1.0.0 at /v1/tus/, with cuts."""

import base64
import hashlib
import http.client
import json
from urllib.parse import urlsplit

from tests.dev_server_harness import ServerTestCase, start_server, stop_server
from tests.files_api_support import FilesClient, pattern

setUpModule = start_server
tearDownModule = stop_server

TUS = {"Tus-Resumable": "1.0.0"}


class ResumableTestCase(ServerTestCase):
    def setUp(self):
        super().setUp()
        self.files = FilesClient(self.server)

    def path(self, headers):
        location = headers["Location"]
        self.assertTrue(location.startswith(self.server.base_url), location)
        return urlsplit(location).path

    def cut_next(self, after_bytes):
        status, _ = self.server.json("POST", "/_admin/uploads-cut", {"after_bytes": after_bytes})
        self.assertEqual(status, 200)

    def send_cut(self, method, path, body, headers):
        """Sends a request the server cuts: it closes the connection without an answer."""
        connection = self.server.connect()
        try:
            connection.request(method, path, body=body, headers=self.files.auth(headers))
            with self.assertRaises((http.client.RemoteDisconnected, ConnectionError)):
                connection.getresponse()
        finally:
            connection.close()

    def assertListed(self, name, data):
        entry = {"name": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        self.assertIn(entry, self.files.listing())


class DraftTests(ResumableTestCase):
    def create(self, body=b"", complete=False, name="a.bin", extra=None):
        headers = {"Upload-Draft-Interop-Version": "8", "Upload-Complete": "?1" if complete else "?0",
                   "Content-Disposition": f'attachment; filename="{name}"', **(extra or {})}
        return self.files.call("POST", "/v1/uploads", body, headers)

    def append(self, path, offset, body, complete):
        return self.files.call("PATCH", path, body, {
            "Content-Type": "application/partial-upload", "Upload-Offset": str(offset),
            "Upload-Complete": "?1" if complete else "?0", "Upload-Draft-Interop-Version": "8"})

    def test_a_complete_creation_stores_the_file(self):
        data = pattern(200_000)
        status, headers, body = self.create(data, complete=True)
        self.assertEqual(status, 201, body)
        self.assertEqual(headers["Upload-Complete"], "?1")
        self.assertEqual(json.loads(body)["files"][0]["size"], len(data))
        self.assertListed("a.bin", data)

    def test_offset_retrieval_and_appends_finish_the_upload(self):
        data = pattern(300_000, seed=1)
        status, headers, _ = self.create(data[:1000], extra={"Upload-Length": str(len(data))})
        self.assertEqual((status, headers["Upload-Offset"], headers["Upload-Complete"]), (201, "1000", "?0"))
        path = self.path(headers)
        status, headers, _ = self.files.call("HEAD", path)
        self.assertEqual((status, headers["Upload-Offset"], headers["Upload-Length"]), (204, "1000", "300000"))
        self.assertEqual(headers["Upload-Limit"], "max-size=1099511627776")
        self.assertEqual(headers["Cache-Control"], "no-store")
        self.assertNotIn("a.bin", [entry["name"] for entry in self.files.listing()])
        status, headers, _ = self.append(path, 1000, data[1000:5000], complete=False)
        self.assertEqual((status, headers["Upload-Offset"]), (204, "5000"))
        status, headers, body = self.append(path, 5000, data[5000:], complete=True)
        self.assertEqual((status, headers["Upload-Complete"]), (200, "?1"), body)
        self.assertListed("a.bin", data)

    def test_a_wrong_offset_gets_409_with_the_right_one(self):
        _, headers, _ = self.create(b"x" * 10)
        status, headers, body = self.append(self.path(headers), 4, b"y", complete=False)
        self.assertEqual((status, headers["Upload-Offset"]), (409, "10"))
        self.assertEqual(json.loads(body)["expected-offset"], 10)

    def test_a_cut_append_keeps_what_arrived(self):
        data = pattern(500_000, seed=2)
        _, headers, _ = self.create()
        path = self.path(headers)
        self.cut_next(123_456)
        self.send_cut("PATCH", path, data, {"Content-Type": "application/partial-upload", "Upload-Offset": "0",
                                            "Upload-Complete": "?1"})
        status, headers, _ = self.files.call("HEAD", path)
        self.assertEqual((status, headers["Upload-Offset"]), (204, "123456"))
        self.assertEqual(self.server.counter("uploads.cut"), 1)
        status, _, body = self.append(path, 123_456, data[123_456:], complete=True)
        self.assertEqual(status, 200, body)
        self.assertListed("a.bin", data)

    def test_an_empty_body_leaves_the_cut_for_the_next_one(self):
        self.cut_next(10)
        _, headers, _ = self.create()
        self.send_cut("PATCH", self.path(headers), b"z" * 100, {"Content-Type": "application/partial-upload",
                                                                "Upload-Offset": "0", "Upload-Complete": "?0"})
        self.assertEqual(self.files.call("HEAD", self.path(headers))[1]["Upload-Offset"], "10")

    def test_a_count_of_zero_drops_the_pending_cuts(self):
        self.cut_next(0)
        status, _ = self.server.json("POST", "/_admin/uploads-cut", {"after_bytes": 0, "count": 0})
        self.assertEqual(status, 200)
        _, headers, _ = self.create()
        status, _, _ = self.files.call("PATCH", self.path(headers), b"abc", {
            "Content-Type": "application/partial-upload", "Upload-Offset": "0", "Upload-Complete": "?1"})
        self.assertLess(status, 300)

    def test_delete_cancels(self):
        _, headers, _ = self.create(b"abc")
        path = self.path(headers)
        self.assertEqual(self.files.call("DELETE", path)[0], 204)
        self.assertEqual(self.files.call("HEAD", path)[0], 404)

    def test_bad_requests(self):
        self.assertEqual(self.files.call("POST", "/v1/uploads", b"", {"Upload-Complete": "?1"})[0], 400)
        self.assertEqual(self.create(name=".hidden")[0], 400)
        _, headers, _ = self.create()
        status, _, _ = self.files.call("PATCH", self.path(headers), b"x", {"Upload-Offset": "0",
                                                                          "Upload-Complete": "?0"})
        self.assertEqual(status, 415)
        status, _, _ = self.server.call("POST", "/v1/uploads", b"", {"Upload-Complete": "?1"})
        self.assertEqual(status, 401)


class TusTests(ResumableTestCase):
    def create(self, length, name="t.bin", headers=TUS):
        metadata = "filename " + base64.b64encode(name.encode()).decode()
        return self.files.call("POST", "/v1/tus/", b"", {**headers, "Upload-Length": str(length),
                                                        "Upload-Metadata": metadata})

    def append(self, path, offset, body, headers=TUS):
        return self.files.call("PATCH", path, body, {**headers, "Upload-Offset": str(offset),
                                                    "Content-Type": "application/offset+octet-stream"})

    def test_options_describes_the_server(self):
        status, headers, _ = self.files.call("OPTIONS", "/v1/tus/")
        self.assertEqual((status, headers["Tus-Version"], headers["Tus-Resumable"]), (204, "1.0.0", "1.0.0"))
        self.assertEqual(headers["Tus-Extension"], "creation,termination")
        self.assertEqual(headers["Tus-Max-Size"], "1099511627776")

    def test_creation_head_and_appends_finish_the_upload(self):
        data = pattern(250_000, seed=3)
        status, headers, _ = self.create(len(data))
        self.assertEqual((status, headers["Tus-Resumable"]), (201, "1.0.0"))
        path = self.path(headers)
        status, headers, _ = self.files.call("HEAD", path, None, TUS)
        self.assertEqual((status, headers["Upload-Offset"], headers["Upload-Length"]), (200, "0", "250000"))
        self.assertEqual(headers["Cache-Control"], "no-store")
        status, headers, _ = self.append(path, 0, data[:100_000])
        self.assertEqual((status, headers["Upload-Offset"]), (204, "100000"))
        status, headers, _ = self.append(path, 100_000, data[100_000:])
        self.assertEqual((status, headers["Upload-Offset"]), (204, "250000"))
        self.assertListed("t.bin", data)

    def test_a_wrong_offset_gets_409(self):
        _, headers, _ = self.create(10)
        status, headers, _ = self.append(self.path(headers), 3, b"x")
        self.assertEqual((status, headers["Tus-Resumable"]), (409, "1.0.0"))

    def test_a_cut_append_keeps_what_arrived(self):
        data = pattern(400_000, seed=4)
        _, headers, _ = self.create(len(data))
        path = self.path(headers)
        self.cut_next(70_000)
        self.send_cut("PATCH", path, data, {**TUS, "Upload-Offset": "0",
                                            "Content-Type": "application/offset+octet-stream"})
        _, headers, _ = self.files.call("HEAD", path, None, TUS)
        self.assertEqual(headers["Upload-Offset"], "70000")
        self.assertEqual(self.append(path, 70_000, data[70_000:])[0], 204)
        self.assertListed("t.bin", data)

    def test_the_upload_hold_stops_an_append_after_its_bytes_are_staged(self):
        data = pattern(300_000, seed=5)
        _, headers, _ = self.create(len(data))
        path = self.path(headers)
        self.assertEqual(self.server.json("POST", "/_admin/files-upload-hold", {"after_bytes": 100_000})[0], 200)
        connection = self.server.connect()
        try:
            connection.request("PATCH", path, body=data, headers=self.files.auth(
                {**TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream"}))
            held = self.server.json("GET", "/_admin/wait?counter=files.upload.held&at_least=1&timeout_ms=4000")
            self.assertEqual(held, (200, {"counter": "files.upload.held", "value": 1}))
            self.assertGreaterEqual(self.server.counter("uploads.bytes"), 100_000)
            self.assertEqual(self.server.json("POST", "/_admin/files-upload-release", {})[0], 200)
            with connection.getresponse() as response:
                self.assertEqual((response.status, response.headers["Upload-Offset"]), (204, "300000"))
        finally:
            connection.close()
        self.assertEqual(self.server.counter("uploads.bytes"), 300_000)
        self.assertListed("t.bin", data)

    def test_tus_resumable_is_required(self):
        status, headers, _ = self.create(10, headers={})
        self.assertEqual((status, headers["Tus-Version"], headers["Tus-Resumable"]), (412, "1.0.0", "1.0.0"))
        self.assertEqual(self.create(10, headers={"Tus-Resumable": "0.2.2"})[0], 412)

    def test_delete_terminates(self):
        _, headers, _ = self.create(10)
        path = self.path(headers)
        self.assertEqual(self.files.call("DELETE", path, None, TUS)[0], 204)
        self.assertEqual(self.files.call("HEAD", path, None, TUS)[0], 404)

    def test_bad_requests(self):
        self.assertEqual(self.files.call("POST", "/v1/tus/", b"", {**TUS, "Upload-Length": "5"})[0], 400)
        _, headers, _ = self.create(10)
        status, _, _ = self.files.call("PATCH", self.path(headers), b"x", {**TUS, "Upload-Offset": "0"})
        self.assertEqual(status, 415)
        self.assertEqual(self.append(self.path(headers), 0, b"x" * 11)[0], 400)
        self.assertEqual(self.server.call("OPTIONS", "/v1/tus/")[0], 401)


class HostTests(ResumableTestCase):
    """Upload URLs name the origin the client reached, from `Host`, as tusd and tuspyserver build them."""

    def create(self, path, headers):
        return self.files.call("POST", path, b"", headers)

    def test_a_draft_upload_url_names_the_origin_in_host(self):
        status, headers, _ = self.create("/v1/uploads", {
            "Host": "proxy.test:8443", "Upload-Draft-Interop-Version": "8", "Upload-Complete": "?0",
            "Content-Disposition": 'attachment; filename="a.bin"'})

        self.assertEqual(status, 201)
        self.assertRegex(headers["Location"], r"^http://proxy\.test:8443/v1/uploads/[^/]+$")

    def test_a_tus_upload_url_names_the_origin_in_host(self):
        status, headers, _ = self.create("/v1/tus/", {
            **TUS, "Host": "127.0.0.1:1", "Upload-Length": "3",
            "Upload-Metadata": "filename " + base64.b64encode(b"a.bin").decode()})

        self.assertEqual(status, 201)
        self.assertRegex(headers["Location"], r"^http://127\.0\.0\.1:1/v1/tus/[^/]+$")

    def test_a_malformed_host_gives_the_servers_own_url(self):
        for host in ("bad host", "a/b", "h:99999999", "[zz]"):
            status, headers, _ = self.create("/v1/tus/", {
                **TUS, "Host": host, "Upload-Length": "3",
                "Upload-Metadata": "filename " + base64.b64encode(b"a.bin").decode()})

            self.assertEqual(status, 201, host)
            self.assertTrue(headers["Location"].startswith(self.server.base_url + "/v1/tus/"), host)
