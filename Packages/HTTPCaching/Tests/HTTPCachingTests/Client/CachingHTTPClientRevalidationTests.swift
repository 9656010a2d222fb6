import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

struct CachingHTTPClientRevalidationTests {
    private static let validated: HTTPHeaders = [
        "Cache-Control": "max-age=60", "ETag": "\"v1\"", "Last-Modified": "Sat, 05 Nov 1994 08:00:00 GMT",
        "Content-Type": "text/plain",
    ]

    @Test func aStaleEntrySendsItsValidators() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.validated), .status(304)])
        try await cache.load()
        cache.advance(seconds: 61)

        try await cache.load(TestRequest(headers: ["Accept": "text/plain"]))

        let sent = try #require(await cache.origin.requests.last?.headers)
        #expect(sent["If-None-Match"] == "\"v1\"")
        #expect(sent["If-Modified-Since"] == "Sat, 05 Nov 1994 08:00:00 GMT")
        #expect(sent["Accept"] == "text/plain")
    }

    @Test func notModifiedAnswersTheStoredBodyAs200WithMergedHeaders() async throws {
        let cache = CachingSUT([
            .status(200, body: "stored", headers: Self.validated),
            .status(
                304,
                headers: [
                    "Cache-Control": "max-age=120", "ETag": "\"v1\"", "X-New": "yes", "Content-Length": "0",
                ]),
        ])
        try await cache.load()
        cache.advance(seconds: 61)

        let (body, response) = try await cache.load()

        #expect(body == "stored" && response.statusCode == 200)
        #expect(response.cacheOutcome == .revalidated)
        #expect(response.headers?["X-New"] == "yes" && response.headers?["Content-Type"] == "text/plain")
        #expect(response.headers?["Cache-Control"] == "max-age=120")
        #expect(response.headers?["Content-Length"] == nil)
    }

    @Test func aRevalidatedEntryIsFreshAgainWithTheNewFreshness() async throws {
        let cache = CachingSUT([
            .status(200, body: "stored", headers: Self.validated),
            .status(304, headers: ["Cache-Control": "max-age=120"]),
        ])
        try await cache.load()
        cache.advance(seconds: 61)
        try await cache.load()
        cache.advance(seconds: 119)

        let (body, response) = try await cache.load()

        #expect(await cache.sent == 2)
        #expect(body == "stored" && response.cacheOutcome == .hit && response.headers?["Age"] == "119")
    }

    @Test func aFullAnswerReplacesTheEntry() async throws {
        let cache = CachingSUT([
            .status(200, body: "old", headers: Self.validated),
            .status(200, body: "new", headers: ["Cache-Control": "max-age=60", "ETag": "\"v2\""]),
        ])
        try await cache.load()
        cache.advance(seconds: 61)

        #expect(try await cache.load().response.cacheOutcome == .miss)
        let (body, response) = try await cache.load()
        #expect(body == "new" && response.cacheOutcome == .hit && response.headers?["ETag"] == "\"v2\"")
    }

    @Test func aResponseMarkedNoCacheIsRevalidatedOnEveryUse() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "no-cache, max-age=600", "ETag": "\"e\""]),
            .status(304), .status(304),
        ])
        try await cache.load()

        #expect(try await cache.load().response.cacheOutcome == .revalidated)
        #expect(try await cache.load().body == "a")
        #expect(await cache.sent == 3)
    }

    @Test func validatorsAloneAreEnoughToStoreForRevalidation() async throws {
        var policy = HTTPCachePolicy()
        policy.heuristicFreshness = nil
        let cache = CachingSUT(
            [.status(200, body: "a", headers: ["Last-Modified": "Sat, 05 Nov 1994 08:00:00 GMT"]), .status(304)],
            policy: policy)
        try await cache.load()

        let (body, response) = try await cache.load()

        #expect(body == "a" && response.cacheOutcome == .revalidated)
        #expect(await cache.origin.requests.last?.headers?["If-Modified-Since"] == "Sat, 05 Nov 1994 08:00:00 GMT")
    }

    @Test func aRequestWithItsOwnValidatorsPassesThroughUntouchedWhenTheEntryIsStale() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.validated), .status(304)])
        try await cache.load()
        cache.advance(seconds: 61)

        let (_, response) = try await cache.load(TestRequest(headers: ["If-None-Match": "\"mine\""]))

        #expect(response.statusCode == 304 && response.cacheOutcome == .miss)
        #expect(await cache.origin.requests.last?.headers == ["If-None-Match": "\"mine\""])
    }

    @Test func reloadSendsNoValidatorsAndStoresTheAnswer() async throws {
        let store = MemoryHTTPCacheStore()
        let first = CachingSUT([.status(200, body: "a", headers: Self.validated)], store: store)
        try await first.load()
        let reload = CachingSUT(
            [.status(200, body: "b", headers: Self.validated)], policy: HTTPCachePolicy(mode: .reload), store: store)

        #expect(try await reload.load().body == "b")

        #expect(await reload.origin.requests.last?.headers == nil)
        #expect(try await CachingSUT(store: store).load().body == "b")
    }
}
