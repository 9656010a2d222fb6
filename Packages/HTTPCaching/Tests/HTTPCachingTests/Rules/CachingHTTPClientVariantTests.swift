import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// `Vary`: one entry per variant under one key, chosen by the request's values of the fields the response named.
struct CachingHTTPClientVariantTests {
    private static let varying: HTTPHeaders = ["Cache-Control": "max-age=60", "Vary": "Accept-Language"]

    private static func language(_ value: String) -> TestRequest {
        TestRequest(headers: ["Accept-Language": value])
    }

    @Test func eachVariantIsKeptAndAnsweredByItself() async throws {
        let cache = CachingSUT([
            .status(200, body: "en", headers: Self.varying), .status(200, body: "de", headers: Self.varying),
        ])
        try await cache.load(Self.language("en"))
        try await cache.load(Self.language("de"))

        let english = try await cache.load(Self.language("en"))
        let german = try await cache.load(Self.language("de"))

        #expect(english.body == "en" && english.response.cacheOutcome == .hit)
        #expect(german.body == "de" && german.response.cacheOutcome == .hit)
        #expect(await cache.sent == 2 && cache.store.count == 2)
    }

    @Test func theLeastRecentlyUsedVariantMakesRoomBeyondTheLimit() async throws {
        let store = MemoryHTTPCacheStore(variantLimit: 2)
        let cache = CachingSUT(
            ["en", "de", "fr", "de"].map { .status(200, body: $0, headers: Self.varying) }, store: store)
        try await cache.load(Self.language("en"))
        try await cache.load(Self.language("de"))
        try await cache.load(Self.language("en"))

        try await cache.load(Self.language("fr"))

        #expect(try await cache.load(Self.language("en")).response.cacheOutcome == .hit)
        #expect(try await cache.load(Self.language("fr")).response.cacheOutcome == .hit)
        #expect(try await cache.load(Self.language("de")).response.cacheOutcome == .miss)
        #expect(store.count == 2)
    }

    @Test func theMostRecentlyReceivedOfSeveralMatchingVariantsAnswers() async throws {
        let cache = CachingSUT([
            .status(200, body: "varied", headers: Self.varying),
            .status(200, body: "plain", headers: ["Cache-Control": "max-age=60"]),
        ])
        try await cache.load(Self.language("en"))
        cache.advance(seconds: 1)
        try await cache.load(TestRequest(headers: ["Accept-Language": "en", "Cache-Control": "no-cache"]))

        #expect(try await cache.load(Self.language("en")).body == "plain")
    }

    @Test func anEntrySayingVaryStarIsNeverServed() async throws {
        let cache = CachingSUT([.status(200, body: "origin", headers: ["Cache-Control": "max-age=60"])])
        let key = HTTPCacheKey(request: TestRequest())
        cache.store.store(
            HTTPCacheEntry(
                statusCode: 200, headers: ["Vary": "*"], body: Data("stored".utf8), responseTime: cache.clock.date,
                freshnessLifetime: 60),
            for: key)

        #expect(try await cache.load().body == "origin")
    }

    @Test func aResponseSayingVaryStarIsNotStored() async throws {
        let cache = CachingSUT([.status(200, headers: ["Cache-Control": "max-age=60", "Vary": "Accept, *"])])

        try await cache.load()

        #expect(cache.store.count == 0)
    }
}
