import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// `Cache-Control: immutable` (RFC 8246): while fresh, the answer does not change, so a request's `max-age` (a
/// reload) does not send it again; `no-cache` (a forced reload) and staleness still do.
struct CachingHTTPClientImmutableTests {
    private static let immutable: HTTPHeaders = ["Cache-Control": "max-age=60, immutable", "ETag": "\"1\""]

    private static func asking(_ cacheControl: String) -> TestRequest {
        TestRequest(headers: ["Cache-Control": cacheControl])
    }

    @Test(arguments: ["max-age=0", "max-age=5"])
    func aFreshImmutableEntryAnswersARequestMaxAgeItIsOlderThan(cacheControl: String) async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.immutable)])
        try await cache.load()
        cache.advance(seconds: 10)

        let (body, response) = try await cache.load(Self.asking(cacheControl))

        #expect(body == "a" && response.cacheOutcome == .hit && response.headers?["Age"] == "10")
        #expect(await cache.sent == 1)
    }

    @Test func aStaleImmutableEntryIsRevalidatedForMaxAge() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.immutable), .status(304)])
        try await cache.load()
        cache.advance(seconds: 61)

        let response = try await cache.load(Self.asking("max-age=0")).response

        #expect(response.cacheOutcome == .revalidated)
        #expect(await cache.origin.requests.last?.headers?["Cache-Control"] == "max-age=0")
    }

    @Test func noCacheRevalidatesAFreshImmutableEntry() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.immutable), .status(304)])
        try await cache.load()

        let response = try await cache.load(Self.asking("no-cache")).response

        #expect(response.cacheOutcome == .revalidated)
        #expect(await cache.sent == 2)
    }

    @Test func aFreshEntryWithoutImmutableIsRevalidatedForMaxAge() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60", "ETag": "\"1\""]), .status(304),
        ])
        try await cache.load()
        cache.advance(seconds: 10)

        try await cache.load(Self.asking("max-age=5"))

        #expect(await cache.sent == 2)
    }

    @Test func minFreshStillAppliesToAnImmutableEntry() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.immutable), .status(304)])
        try await cache.load()
        cache.advance(seconds: 50)

        try await cache.load(Self.asking("min-fresh=20"))

        #expect(await cache.sent == 2)
    }
}
