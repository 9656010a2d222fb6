"""The dev server's token API: stored token, bearer auth, issuing and expiring access tokens."""


from tests.dev_server_harness import ServerTestCase, start_server, stop_server

setUpModule = start_server
tearDownModule = stop_server


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
