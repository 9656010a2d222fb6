"""The dev server's controls for numbers at the edge of 63 bits: a 206 ending at a chosen last byte with no
`Content-Length`, and a draft upload's `max-append-size`."""

import json

from tests.dev_server_harness import ServerTestCase, start_server, stop_server
from tests.files_api_support import FilesClient, pattern

setUpModule = start_server
tearDownModule = stop_server

LARGEST = 2**63 - 1


class RangeEndTests(ServerTestCase):
    def setUp(self):
        super().setUp()
        self.files = FilesClient(self.server)
        self.data = pattern(10_000)
        status, _ = self.files.upload([("file", "f.bin", self.data)])
        self.assertEqual(status, 201)

    def get_range(self, start):
        """(status, headers, body) of a ranged GET, read to the connection's end."""
        connection = self.server.connect()
        try:
            connection.request("GET", "/v1/files/f.bin", headers=self.files.auth({"Range": f"bytes={start}-"}))
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()

    def test_the_next_206_states_the_chosen_last_byte_and_no_length(self):
        status, _ = self.server.json("POST", "/_admin/files-range-end", {"last": LARGEST})
        self.assertEqual(status, 200)

        status, headers, body = self.get_range(4_000)

        self.assertEqual(status, 206)
        self.assertEqual(headers["Content-Range"], f"bytes 4000-{LARGEST}/*")
        self.assertIsNone(headers["Content-Length"])
        self.assertEqual(headers["Connection"], "close")
        self.assertEqual(body, self.data[4_000:])

    def test_only_the_next_count_answers_state_it(self):
        self.server.json("POST", "/_admin/files-range-end", {"last": LARGEST, "count": 1})
        self.get_range(1)

        _, headers, _ = self.get_range(4_000)

        self.assertEqual(headers["Content-Range"], "bytes 4000-9999/10000")
        self.assertEqual(headers["Content-Length"], "6000")

    def test_a_last_past_63_bits_is_refused(self):
        for payload in ({"last": 2**63}, {"last": -1}, {}, {"last": 5, "count": -1}):
            status, _, _ = self.server.call("POST", "/_admin/files-range-end", json.dumps(payload).encode())
            self.assertEqual(status, 400, payload)


class AppendLimitTests(ServerTestCase):
    def setUp(self):
        super().setUp()
        self.files = FilesClient(self.server)

    def create(self):
        return self.files.call("POST", "/v1/uploads", b"", {
            "Upload-Draft-Interop-Version": "8", "Upload-Complete": "?0",
            "Content-Disposition": 'attachment; filename="a.bin"'})

    def test_draft_answers_state_the_chosen_append_limit_until_reset(self):
        status, _ = self.server.json("POST", "/_admin/uploads-append-limit", {"max_append_size": LARGEST})
        self.assertEqual(status, 200)

        status, headers, _ = self.create()
        offset_status, offset_headers, _ = self.files.call(
            "HEAD", headers["Location"].split(self.server.base_url, 1)[1], None,
            {"Upload-Draft-Interop-Version": "8"})

        self.assertEqual(status, 201)
        self.assertEqual(headers["Upload-Limit"], f"max-size={2**40}, max-append-size={LARGEST}")
        self.assertEqual(offset_status, 204)
        self.assertEqual(offset_headers["Upload-Limit"], f"max-size={2**40}, max-append-size={LARGEST}")
        self.server.call("POST", "/_admin/reset")
        self.files = FilesClient(self.server)
        _, headers, _ = self.create()
        self.assertEqual(headers["Upload-Limit"], f"max-size={2**40}")

    def test_an_append_limit_outside_63_bits_is_refused(self):
        for value in (2**63, 0, "1"):
            body = json.dumps({"max_append_size": value}).encode()
            status, _, _ = self.server.call("POST", "/_admin/uploads-append-limit", body)
            self.assertEqual(status, 400, value)


if __name__ == "__main__":
    import unittest

    unittest.main()
