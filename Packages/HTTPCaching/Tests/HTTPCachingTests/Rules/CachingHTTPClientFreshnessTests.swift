import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

struct CachingHTTPClientFreshnessTests {
    @Test func aFreshEntryAnswersWithoutSendingAndSaysHitWithItsAge() async throws {
        let cache = CachingSUT([.status(200, body: "first", headers: ["Cache-Control": "max-age=60", "X-Kind": "a"])])
        try await cache.load()
        cache.advance(seconds: 10)

        let (body, response) = try await cache.load()

        #expect(await cache.sent == 1)
        #expect(body == "first" && response.statusCode == 200)
        #expect(response.cacheOutcome == .hit)
        #expect(response.headers?["Age"] == "10")
        #expect(response.headers?["X-Kind"] == "a")
    }

    @Test func theFirstAnswerIsTheOriginsMarkedMiss() async throws {
        let cache = CachingSUT([.status(200, body: "first", headers: ["Cache-Control": "max-age=60"])])

        let (body, response) = try await cache.load()

        #expect(body == "first" && response.cacheOutcome == .miss)
    }

    @Test func anEntryPastMaxAgeGoesToTheOriginAgain() async throws {
        let cache = CachingSUT([
            .status(200, body: "old", headers: ["Cache-Control": "max-age=60"]),
            .status(200, body: "new", headers: ["Cache-Control": "max-age=60"]),
        ])
        try await cache.load()
        cache.advance(seconds: 60)

        let (body, response) = try await cache.load()

        #expect(await cache.sent == 2)
        #expect(body == "new" && response.cacheOutcome == .miss)
    }

    @Test func ageFromTheOriginShortensFreshness() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60", "Age": "50"]),
            .status(200, body: "b"),
        ])
        try await cache.load()
        cache.advance(seconds: 9)
        #expect(try await cache.load().response.headers?["Age"] == "59")

        cache.advance(seconds: 1)
        #expect(try await cache.load().body == "b")
    }

    @Test func anAgeBeyondAnyIntegerCountsAsTwoToTheThirtyFirstSeconds() async throws {
        let store = MemoryHTTPCacheStore()
        try await CachingSUT(
            [.status(200, body: "a", headers: ["Cache-Control": "max-age=60", "Age": "99999999999999999999"])],
            store: store
        ).load()
        let offline = CachingSUT(policy: HTTPCachePolicy(mode: .offline), store: store)

        let (body, response) = try await offline.load()

        #expect(body == "a" && response.cacheOutcome == .stale)
        #expect(response.headers?["Age"] == "2147483648")
    }

    @Test func anAgeThatIsNotDeltaSecondsIsIgnored() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: ["Cache-Control": "max-age=60", "Age": "1e3"])])
        try await cache.load()

        #expect(try await cache.load().response.cacheOutcome == .hit)
    }

    @Test func expiresCountsFromTheDateHeader() async throws {
        let cache = CachingSUT([
            .status(
                200, body: "a",
                headers: ["Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Expires": "Sun, 06 Nov 1994 08:50:07 GMT"]),
            .status(200, body: "b"),
        ])
        try await cache.load()
        cache.advance(seconds: 29)
        #expect(try await cache.load().response.cacheOutcome == .hit)

        cache.advance(seconds: 1)
        #expect(try await cache.load().body == "b")
    }

    @Test func anInvalidExpiresMeansAlreadyStale() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Expires": "0", "ETag": "\"1\""]), .status(200, body: "b"),
        ])
        try await cache.load()

        #expect(try await cache.load().body == "b")
    }

    @Test func maxAgeWinsOverExpires() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=100", "Expires": "0"])
        ])
        try await cache.load()
        cache.advance(seconds: 99)

        #expect(try await cache.load().response.cacheOutcome == .hit)
    }

    @Test func defaultFreshnessAppliesToResponsesThatStateNone() async throws {
        let cache = CachingSUT(
            [.status(200, body: "a", headers: ["Cache-Control": "private"]), .status(200, body: "b")],
            policy: HTTPCachePolicy(defaultFreshness: .seconds(60)))
        try await cache.load()
        cache.advance(seconds: 59)
        #expect(try await cache.load().response.cacheOutcome == .hit)

        cache.advance(seconds: 1)
        #expect(try await cache.load().body == "b")
    }

    @Test func defaultFreshnessNeverOverridesTheResponsesOwn() async throws {
        let cache = CachingSUT(
            [.status(200, body: "a", headers: ["Cache-Control": "max-age=5"]), .status(200, body: "b")],
            policy: HTTPCachePolicy(defaultFreshness: .seconds(60)))
        try await cache.load()
        cache.advance(seconds: 5)

        #expect(try await cache.load().body == "b")
    }

    @Test func aRequestWithNoCacheOrAnExceededMaxAgeAsksTheOrigin() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60"]),
            .status(200, body: "b", headers: ["Cache-Control": "max-age=60"]),
            .status(200, body: "c", headers: ["Cache-Control": "max-age=60"]),
        ])
        try await cache.load()

        #expect(try await cache.load(TestRequest(headers: ["Cache-Control": "no-cache"])).body == "b")
        cache.advance(seconds: 10)
        #expect(
            try await cache.load(TestRequest(headers: ["Cache-Control": "max-age=10"])).response.cacheOutcome == .hit,
            "an age equal to the request's max-age is acceptable (RFC 9111, 5.2.1.1)")
        cache.advance(seconds: 1)
        #expect(try await cache.load(TestRequest(headers: ["Cache-Control": "max-age=10"])).body == "c")
        #expect(
            try await cache.load(TestRequest(headers: ["Cache-Control": "max-age=30"])).response.cacheOutcome == .hit)
    }
}
