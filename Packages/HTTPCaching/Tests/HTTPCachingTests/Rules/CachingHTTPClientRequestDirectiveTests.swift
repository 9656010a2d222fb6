import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// The caller's own `Cache-Control` (RFC 9111, 5.2.1) and `Pragma: no-cache` (5.4).
struct CachingHTTPClientRequestDirectiveTests {
    private static let fresh: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"1\""]

    private static func asking(_ cacheControl: String) -> TestRequest {
        TestRequest(headers: ["Cache-Control": cacheControl])
    }

    @Test func maxStaleAcceptsAStaleEntryUpToItsLimit() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh), .status(304)])
        try await cache.load()
        cache.advance(seconds: 70)

        let (body, response) = try await cache.load(Self.asking("max-stale=10"))
        cache.advance(seconds: 1)
        try await cache.load(Self.asking("max-stale=10"))

        #expect(body == "a" && response.cacheOutcome == .stale)
        #expect(await cache.sent == 2)
    }

    @Test func maxStaleWithoutAValueAcceptsAnyStaleness() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh)])
        try await cache.load()
        cache.advance(seconds: 1_000_000)

        #expect(try await cache.load(Self.asking("max-stale")).response.cacheOutcome == .stale)
        #expect(await cache.sent == 1)
    }

    @Test(arguments: ["max-age=60, must-revalidate", "no-cache"])
    func maxStaleNeverServesWhatTheResponseForbids(cacheControl: String) async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": cacheControl, "ETag": "\"1\""]), .status(304),
        ])
        try await cache.load()
        cache.advance(seconds: 70)

        #expect(try await cache.load(Self.asking("max-stale")).response.cacheOutcome == .revalidated)
    }

    @Test func minFreshAsksTheOriginWhenTooLittleFreshnessRemains() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh), .status(304)])
        try await cache.load()
        cache.advance(seconds: 40)

        #expect(try await cache.load(Self.asking("min-fresh=20")).response.cacheOutcome == .hit)
        #expect(try await cache.load(Self.asking("min-fresh=21")).response.cacheOutcome == .revalidated)
    }

    @Test func onlyIfCachedNeverAsksTheOrigin() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh)])

        let missing = try await cache.load(Self.asking("only-if-cached"))
        try await cache.load()
        let hit = try await cache.load(Self.asking("only-if-cached"))
        cache.advance(seconds: 61)
        let stale = try await cache.load(Self.asking("only-if-cached"))
        let allowed = try await cache.load(Self.asking("only-if-cached, max-stale=5"))

        #expect(missing.response.statusCode == 504 && missing.body.isEmpty && missing.response.cacheOutcome == .miss)
        #expect(hit.body == "a" && hit.response.cacheOutcome == .hit)
        #expect(stale.response.statusCode == 504)
        #expect(allowed.body == "a" && allowed.response.cacheOutcome == .stale)
        #expect(await cache.sent == 1)
    }

    @Test func onlyIfCachedInReloadModeIsA504() async throws {
        let cache = CachingSUT(policy: HTTPCachePolicy(mode: .reload))

        #expect(try await cache.load(Self.asking("only-if-cached")).response.statusCode == 504)
        #expect(await cache.sent == 0)
    }

    @Test func noCacheRevalidatesAFreshEntry() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh), .status(304)])
        try await cache.load()

        let (body, response) = try await cache.load(Self.asking("no-cache"))

        #expect(body == "a" && response.cacheOutcome == .revalidated)
        #expect(await cache.origin.requests.last?.headers?["If-None-Match"] == "\"1\"")
    }

    @Test func pragmaNoCacheCountsOnlyWithoutCacheControl() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh), .status(304)])
        try await cache.load()

        let alone = try await cache.load(TestRequest(headers: ["Pragma": "no-cache"]))
        let overridden = try await cache.load(
            TestRequest(headers: ["Pragma": "no-cache", "Cache-Control": "max-age=600"]))

        #expect(alone.response.cacheOutcome == .revalidated)
        #expect(overridden.response.cacheOutcome == .hit)
    }

    @Test func noStoreMayBeAnsweredFromTheStore() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh)])
        try await cache.load()

        let (body, response) = try await cache.load(Self.asking("no-store"))

        #expect(body == "a" && response.cacheOutcome == .hit)
    }

    @Test func noStoreNeitherReplacesNorRevalidatesTheStoredEntry() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: Self.fresh),
            .status(200, body: "b", headers: ["Cache-Control": "max-age=600"]),
            .status(304, headers: ["Cache-Control": "max-age=600"]),
        ])
        let key = HTTPCacheKey(request: TestRequest())
        try await cache.load()
        cache.advance(seconds: 61)

        #expect(try await cache.load(TestRequest(headers: ["Cache-Control": "no-store", "X": "1"])).body == "b")
        #expect(cache.store.entry(for: key)?.body == Data("a".utf8))
        #expect(try await cache.load(Self.asking("no-store")).response.cacheOutcome == .revalidated)
        #expect(cache.store.entry(for: key)?.freshnessLifetime == 60)
    }
}
