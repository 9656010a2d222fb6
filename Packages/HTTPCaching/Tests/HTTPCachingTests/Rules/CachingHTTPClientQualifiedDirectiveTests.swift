import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// The qualified forms of the response's `no-cache` (RFC 9111, 5.2.2.4) and `private` (5.2.2.7), which list field
/// names in a quoted string.
struct CachingHTTPClientQualifiedDirectiveTests {
    private static let listed: HTTPHeaders = [
        "Cache-Control": #"no-cache="a, b", max-age=3600"#, "a": "1", "b": "2", "c": "3",
    ]

    @Test(
        arguments: [
            HTTPHeaders(), ["ETag": "\"v1\""], ["Last-Modified": "Sat, 05 Nov 1994 08:00:00 GMT"],
        ])
    func aQualifiedNoCacheIsStoredAndAnswersFreshWithoutTheListedFields(validator: HTTPHeaders) async throws {
        let cache = CachingSUT([.status(200, body: "stored", headers: Self.listed.merging(validator))])
        let first = try await cache.load()
        cache.advance(seconds: 3)

        let (body, response) = try await cache.load()

        #expect(first.response.headers?["a"] == "1", "the origin's own answer keeps every field")
        #expect(await cache.sent == 1)
        #expect(body == "stored" && response.cacheOutcome == .hit && response.headers?["Age"] == "3")
        #expect(response.headers?["a"] == nil && response.headers?["b"] == nil && response.headers?["c"] == "3")
    }

    @Test func aQualifiedNoCacheNamingOneFieldLeavesOutThatFieldOnly() async throws {
        let cache = CachingSUT([
            .status(
                200, body: "stored",
                headers: ["Cache-Control": #"no-cache="A", max-age=3600"#, "a": "1", "b": "2", "Set-Cookie": "x=1"])
        ])
        try await cache.load()

        let headers = try #require(try await cache.load().response.headers)

        #expect(headers["a"] == nil && headers["b"] == "2" && headers["Set-Cookie"] == "x=1")
    }

    @Test(
        arguments: [
            "no-cache, max-age=3600", "No-CaChE, max-age=3600", #"no-cache="", max-age=3600"#,
            #"no-cache="a", no-cache, max-age=3600"#, #"no-cache="Cache-Control, a", max-age=3600"#,
        ])
    func aBareNoCacheIsStillRevalidatedOnEveryUse(cacheControl: String) async throws {
        let cache = CachingSUT([
            .status(200, body: "stored", headers: ["Cache-Control": cacheControl, "ETag": "\"v1\"", "a": "1"]),
            .status(304),
        ])
        try await cache.load()

        let (body, response) = try await cache.load()

        #expect(await cache.origin.requests.last?.headers?["If-None-Match"] == "\"v1\"")
        #expect(body == "stored" && response.cacheOutcome == .revalidated && response.headers?["a"] == "1")
    }

    @Test func aBareNoCacheWithoutAValidatorIsNotStored() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=10000, No-CaChE"]), .status(200, body: "b"),
        ])
        try await cache.load()

        #expect(try await cache.load().body == "b")
        #expect(cache.store.count == 0)
    }

    @Test func aNotModifiedUpdateLeavesOutTheListedFieldsToo() async throws {
        let cache = CachingSUT([
            .status(
                200, body: "stored",
                headers: ["Cache-Control": #"no-cache="a", max-age=60"#, "ETag": "\"v1\"", "b": "1"]),
            .status(304, headers: ["a": "2", "b": "2", "X-New": "yes"]),
        ])
        try await cache.load()
        cache.advance(seconds: 61)

        let (body, response) = try await cache.load()

        #expect(body == "stored" && response.cacheOutcome == .revalidated)
        #expect(response.headers?["a"] == nil && response.headers?["b"] == "2" && response.headers?["X-New"] == "yes")
        let entry = try #require(cache.store.entry(for: HTTPCacheKey(request: TestRequest())))
        #expect(entry.headers["a"] == nil && entry.freshnessLifetime == 60)
    }

    @Test func aHeadUpdateLeavesOutTheFieldsItsNoCacheLists() async throws {
        let cache = CachingSUT([
            .status(200, body: "stored", headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\"", "a": "1"]),
            .status(200, headers: ["Cache-Control": #"no-cache="a", max-age=60"#, "ETag": "\"v1\"", "a": "2"]),
        ])
        try await cache.load()
        try await cache.load(TestRequest(method: .head, headers: ["Cache-Control": "no-cache"]))

        let (body, response) = try await cache.load()

        #expect(await cache.sent == 2)
        #expect(body == "stored" && response.cacheOutcome == .hit && response.headers?["a"] == nil)
    }

    @Test func aQualifiedNoCacheAllowsStaleAnswersWhenTheOriginFails() async throws {
        let lost = HTTPTransportError.cannotConnect(underlying: TestFailure("refused"))
        let cache = CachingSUT([.status(200, body: "stored", headers: Self.listed), .failure(lost)])
        try await cache.load()
        cache.advance(seconds: 3601)

        let (body, response) = try await cache.load()

        #expect(body == "stored" && response.cacheOutcome == .stale && response.headers?["a"] == nil)
    }

    @Test func aQualifiedNoCacheWithoutFreshnessTakesTheDefaultFreshness() async throws {
        let cache = CachingSUT(
            [.status(200, body: "stored", headers: ["Cache-Control": #"no-cache="a""#, "a": "1"])],
            policy: HTTPCachePolicy(defaultFreshness: .seconds(60)))
        try await cache.load()
        cache.advance(seconds: 59)

        let (body, response) = try await cache.load()

        #expect(body == "stored" && response.cacheOutcome == .hit && response.headers?["a"] == nil)
    }

    @Test(arguments: [#"private="Set-Cookie, no-cache, no-store", max-age=60"#, #"PRIVATE="a", max-age=60"#])
    func aQualifiedPrivateIsStoredWhole(cacheControl: String) async throws {
        let headers: HTTPHeaders = ["Cache-Control": cacheControl, "Set-Cookie": "x=1", "a": "1"]
        let cache = CachingSUT([.status(200, body: "stored", headers: headers)])
        try await cache.load()
        cache.advance(seconds: 30)

        let (body, response) = try await cache.load()

        #expect(await cache.sent == 1)
        #expect(body == "stored" && response.cacheOutcome == .hit)
        #expect(response.headers?["Set-Cookie"] == "x=1" && response.headers?["a"] == "1")
    }
}
