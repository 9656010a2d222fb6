"""The Stack Exchange stand-in's cache validators, 304s, sites and application key."""

import gzip
import json

from tests.dev_server_harness import ServerTestCase, start_server, stop_server

setUpModule = start_server
tearDownModule = stop_server

PAGE = "/2.3/questions?site=stackoverflow&sort=votes&pagesize=3"


class ValidatorTests(ServerTestCase):
    def test_answers_are_private_with_an_etag_that_ignores_the_quota(self):
        status, first, _ = self.server.call("GET", PAGE)
        _, second, _ = self.server.call("GET", PAGE)
        self.assertEqual(status, 200)
        self.assertEqual(first["Cache-Control"], "private")
        self.assertTrue(first["ETag"].startswith('"') and first["ETag"].endswith('"'))
        self.assertEqual(first["ETag"], second["ETag"])
        self.assertTrue(first["Last-Modified"].endswith(" GMT"))
        _, other, _ = self.server.call("GET", PAGE + "&page=2")
        self.assertNotEqual(other["ETag"], first["ETag"])

    def test_if_none_match_gets_304_with_validators_and_spends_quota(self):
        _, headers, _ = self.server.call("GET", PAGE)
        status, not_modified, body = self.server.call("GET", PAGE, headers={"If-None-Match": headers["ETag"]})
        self.assertEqual((status, body), (304, b""))
        self.assertEqual(not_modified["ETag"], headers["ETag"])
        self.assertEqual(self.server.counter("se.not_modified"), 1)
        _, after = self.se(PAGE)
        self.assertEqual(after["quota_remaining"], 10000 - 3)

    def test_a_changed_etag_gets_the_whole_page(self):
        status, _, data = self.server.call("GET", PAGE, headers={"If-None-Match": '"other"'})
        self.assertEqual(status, 200)
        self.assertEqual(len(json.loads(gzip.decompress(data))["items"]), 3)

    def test_if_modified_since_compares_with_the_newest_activity(self):
        _, headers, _ = self.server.call("GET", PAGE)
        since = headers["Last-Modified"]
        self.assertEqual(self.server.call("GET", PAGE, headers={"If-Modified-Since": since})[0], 304)
        old = "Mon, 01 Jan 2001 00:00:00 GMT"
        self.assertEqual(self.server.call("GET", PAGE, headers={"If-Modified-Since": old})[0], 200)
        self.assertEqual(self.server.call("GET", PAGE, headers={"If-Modified-Since": "garbage"})[0], 200)

    def test_an_answer_with_backoff_is_always_whole(self):
        _, headers, _ = self.server.call("GET", PAGE)
        self.server.json("POST", "/_admin/backoff", {"seconds": 7, "count": 1})
        status, _, data = self.server.call("GET", PAGE, headers={"If-None-Match": headers["ETag"]})
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(gzip.decompress(data))["backoff"], 7)

    def test_single_questions_carry_validators_too(self):
        _, listing = self.se(PAGE)
        path = f"/2.3/questions/{listing['items'][0]['question_id']}?site=stackoverflow&filter=withbody"
        _, headers, _ = self.server.call("GET", path)
        self.assertEqual(self.server.call("GET", path, headers={"If-None-Match": headers["ETag"]})[0], 304)


class SiteAndKeyTests(ServerTestCase):
    def test_known_sites_answer_and_unknown_ones_are_bad_parameters(self):
        for site in ("superuser", "serverfault", "askubuntu", "math"):
            self.assertEqual(self.se(f"/2.3/questions?site={site}")[0], 200, site)
        self.assertSEError("/2.3/questions?site=nosuchsite", 400, "bad_parameter")

    def test_the_key_is_accepted_and_counted(self):
        for _ in range(2):
            self.assertEqual(self.se("/2.3/questions?site=stackoverflow&key=abc((")[0], 200)
        self.assertEqual(self.server.counter("se.key:abc(("), 2)

    def test_an_empty_key_is_a_bad_parameter(self):
        self.assertSEError("/2.3/questions?site=stackoverflow&key=", 400, "bad_parameter", "key")
