"""The dev server's Stack Exchange 2.3 stand-in and its avatar CDN."""

import gzip
import json
import struct
import zlib
from urllib.parse import urlsplit

from tests.dev_server_harness import FIXTURE, ServerTestCase, start_server, stop_server

setUpModule = start_server
tearDownModule = stop_server


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
