import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Header edge cases: what a 304 may update (RFC 9111, 3.2), `Age` (5.1), `Expires` (5.3), and the caller's own
/// conditional requests.
struct CachingHTTPClientHeaderEdgeTests {
    @Test func a304UpdatesEveryFieldButTheStoredBodysFraming() async throws {
        let cache = CachingSUT([
            .status(
                200, body: "stored",
                headers: [
                    "Cache-Control": "max-age=60", "ETag": "\"v1\"", "Content-Length": "6", "Content-Encoding": "gzip",
                    "Content-Type": "text/plain",
                ]),
            .status(
                304,
                headers: [
                    "Content-Length": "0", "Content-Encoding": "br", "Content-Range": "bytes 0-0/1",
                    "Transfer-Encoding": "chunked", "Connection": "close, X-Hop", "X-Hop": "1", "TE": "trailers",
                    "Content-Type": "text/html", "X-New": "yes",
                ]),
        ])
        try await cache.load()
        cache.advance(seconds: 61)

        let headers = try #require(try await cache.load().response.headers)

        #expect(headers["Content-Length"] == "6" && headers["Content-Encoding"] == "gzip")
        #expect(headers["Content-Range"] == nil && headers["Transfer-Encoding"] == nil && headers["TE"] == nil)
        #expect(headers["Connection"] == nil && headers["X-Hop"] == nil)
        #expect(headers["Content-Type"] == "text/html" && headers["X-New"] == "yes")
    }

    @Test func fieldsNamedInConnectionAreNotStored() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60", "Connection": "X-Hop", "X-Hop": "1"])
        ])
        try await cache.load()

        #expect(try await cache.load().response.headers?["X-Hop"] == nil)
    }

    @Test(arguments: [("50, 10", "59"), (" 50 ", "59"), ("-5", "9"), ("abc, 50", "9"), ("5.0", "9"), ("", "9")])
    func ageCountsItsFirstValidMemberOnly(age: String, expected: String) async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: ["Cache-Control": "max-age=60", "Age": age])])
        try await cache.load()
        cache.advance(seconds: 9)

        #expect(try await cache.load().response.headers?["Age"] == expected)
    }

    @Test(
        arguments: [
            "-1", "", "Sun, 06 Nov 1994 08:49:37 +0000", "Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT",
            "Sun, 31 Nov 1994 08:49:37 GMT", "tomorrow",
        ])
    func anInvalidExpiresIsAlreadyExpiredWhateverTheDefaultFreshness(expires: String) async throws {
        let cache = CachingSUT(
            [.status(200, body: "a", headers: ["Expires": expires]), .status(200, body: "b")],
            policy: HTTPCachePolicy(defaultFreshness: .seconds(600)))
        try await cache.load()

        #expect(try await cache.load().body == "b")
    }

    /// `If-None-Match` and `If-Modified-Since` are answered by a fresh entry instead; see
    /// `CachingHTTPClientConditionalScopeTests`.
    @Test(arguments: ["If-Match", "If-Unmodified-Since", "If-Range"])
    func theCallersConditionalRequestGoesOutAsWrittenAndLeavesTheStoreAlone(field: String) async throws {
        let stored: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"v1\"", "X-Version": "1"]
        let cache = CachingSUT([
            .status(200, body: "a", headers: stored),
            .status(304, headers: ["ETag": "\"v2\"", "Cache-Control": "max-age=999", "X-Version": "2"]),
        ])
        try await cache.load()
        let request = TestRequest(headers: [field: "\"v2\""])

        let (body, response) = try await cache.load(request)

        #expect(body.isEmpty && response.statusCode == 304 && response.cacheOutcome == .miss)
        #expect(await cache.origin.requests.last == HTTPRequestSnapshot(request))
        let entry = cache.store.entry(for: HTTPCacheKey(request: TestRequest()))
        #expect(entry?.headers["X-Version"] == "1" && entry?.freshnessLifetime == 60)
    }

    @Test func theCallersConditionalHeadLeavesTheStoredGETAlone() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\""]),
            .status(200, headers: ["ETag": "\"v2\""]),
        ])
        try await cache.load()
        cache.advance(seconds: 61)

        try await cache.load(TestRequest(method: .head, headers: ["If-None-Match": "\"v0\""]))

        #expect(cache.store.entry(for: HTTPCacheKey(request: TestRequest())) != nil)
    }
}
