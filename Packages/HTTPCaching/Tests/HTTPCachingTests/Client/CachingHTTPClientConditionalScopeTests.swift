import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// When the store answers the caller's own conditional request (RFC 9111, 4.3.2), and when it goes to the origin
/// as written: stale entries, other preconditions, credentials, `HEAD`, `Range`, other statuses and the modes.
struct CachingHTTPClientConditionalScopeTests {
    private static let stored: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"v1\"", "X-Version": "1"]
    private static let matching: HTTPHeaders = ["If-None-Match": "\"v1\""]

    @Test(
        arguments: [
            (61, ["If-None-Match": "\"v1\""]), (61, ["If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"]),
            (0, ["If-None-Match": "\"v1\"", "Cache-Control": "no-cache"]),
            (1, ["If-None-Match": "\"v1\"", "Cache-Control": "max-age=0"]),
        ])
    func aConditionalRequestNoEntryMayAnswerGoesOutAsWrittenAndLeavesTheStoreAlone(
        secondsLater: Int, headers: [String: String]
    ) async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: Self.stored),
            .status(304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=999", "X-Version": "2"]),
        ])
        try await cache.load()
        cache.advance(seconds: secondsLater)
        let request = TestRequest(headers: HTTPHeaders(headers))

        let (body, response) = try await cache.load(request)

        #expect(body.isEmpty && response.statusCode == 304 && response.cacheOutcome == .miss)
        #expect(response.headers?["X-Version"] == "2")
        #expect(await cache.origin.requests.last == HTTPRequestSnapshot(request))
        let entry = cache.store.entry(for: HTTPCacheKey(request: TestRequest()))
        #expect(entry?.headers["X-Version"] == "1" && entry?.freshnessLifetime == 60)
    }

    @Test func maxStaleLetsAStaleEntryAnswerTheConditionAsStale() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.stored)])
        try await cache.load()
        cache.advance(seconds: 61)

        let response = try await cache.load(TestRequest(headers: Self.matching.merging(["Cache-Control": "max-stale"])))
            .response

        #expect(response.statusCode == 304 && response.cacheOutcome == .stale && response.headers?["Age"] == "61")
        #expect(await cache.sent == 1)
    }

    @Test(arguments: ["If-Match", "If-Unmodified-Since", "If-Range"])
    func aPreconditionForTheOriginSendsEvenIfNoneMatchToTheOrigin(field: String) async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.stored), .status(412)])
        try await cache.load()
        let request = TestRequest(headers: Self.matching.merging([field: "\"v1\""]))

        let response = try await cache.load(request).response

        #expect(response.statusCode == 412 && response.cacheOutcome == .miss)
        #expect(await cache.origin.requests.last == HTTPRequestSnapshot(request))
    }

    @Test func anAuthorizedConditionalRequestPassesThrough() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.stored), .status(304)])
        try await cache.load()
        let request = TestRequest(headers: Self.matching.merging(["Authorization": "Bearer t"]))

        #expect(try await cache.load(request).response.cacheOutcome == .miss)
        #expect(await cache.origin.requests.last == HTTPRequestSnapshot(request))
    }

    @Test func aConditionalHeadIsAnsweredByTheStoredGET() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.stored)])
        try await cache.load()

        let notModified = try await cache.load(TestRequest(method: .head, headers: Self.matching))
        let whole = try await cache.load(TestRequest(method: .head, headers: ["If-None-Match": "\"v0\""]))

        #expect(notModified.response.statusCode == 304 && notModified.body.isEmpty)
        #expect(whole.response.statusCode == 200 && whole.body.isEmpty && whole.response.headers?["X-Version"] == "1")
        #expect(whole.response.cacheOutcome == .hit)
        #expect(await cache.sent == 1)
    }

    @Test func aFalseConditionWinsOverRangeAndATrueOneGetsTheSlice() async throws {
        let cache = CachingSUT([.status(200, body: "abcdef", headers: Self.stored)])
        try await cache.load()

        let notModified = try await cache.load(TestRequest(headers: Self.matching.merging(["Range": "bytes=0-1"])))
        let slice = try await cache.load(TestRequest(headers: ["If-None-Match": "\"v0\"", "Range": "bytes=0-1"]))

        #expect(notModified.response.statusCode == 304 && notModified.body.isEmpty)
        #expect(notModified.response.headers?["Content-Range"] == nil)
        #expect(slice.response.statusCode == 206 && slice.body == "ab")
        #expect(await cache.sent == 1)
    }

    @Test func aStoredAnswerOtherThan2xxAnswersAsItIsWhateverTheCondition() async throws {
        let cache = CachingSUT([.status(404, body: "gone", headers: Self.stored)])
        try await cache.load()

        let (body, response) = try await cache.load(TestRequest(headers: Self.matching))

        #expect(response.statusCode == 404 && body == "gone" && response.cacheOutcome == .hit)
        #expect(await cache.sent == 1)
    }

    @Test func offlineEvaluatesTheConditionAgainstAnyStoredEntry() async throws {
        let store = MemoryHTTPCacheStore()
        try await CachingSUT([.status(200, body: "a", headers: Self.stored)], store: store).load()
        let offline = CachingSUT(policy: HTTPCachePolicy(mode: .offline), store: store)
        offline.advance(seconds: 3600)

        let notModified = try await offline.load(TestRequest(headers: Self.matching)).response
        let whole = try await offline.load(TestRequest(headers: ["If-None-Match": "\"v0\""]))

        #expect(notModified.statusCode == 304 && notModified.cacheOutcome == .stale)
        #expect(whole.body == "a" && whole.response.cacheOutcome == .stale)
        await #expect(throws: HTTPCacheError.notCached(method: .get, resource: "v1/other")) {
            try await offline.load(TestRequest(path: "other", headers: Self.matching))
        }
        #expect(await offline.sent == 0)
    }

    @Test func reloadSendsTheConditionalRequestAsWritten() async throws {
        let store = MemoryHTTPCacheStore()
        try await CachingSUT([.status(200, body: "a", headers: Self.stored)], store: store).load()
        let reload = CachingSUT([.status(304)], policy: HTTPCachePolicy(mode: .reload), store: store)
        let request = TestRequest(headers: Self.matching)

        #expect(try await reload.load(request).response.cacheOutcome == .miss)
        #expect(await reload.origin.requests == [HTTPRequestSnapshot(request)])
    }

    @Test func anotherVariantDoesNotAnswerTheCondition() async throws {
        let cache = CachingSUT([
            .status(200, body: "json", headers: Self.stored.merging(["Vary": "Accept"])), .status(304),
        ])
        try await cache.load(TestRequest(headers: ["Accept": "application/json"]))
        let request = TestRequest(headers: Self.matching.merging(["Accept": "text/html"]))

        #expect(try await cache.load(request).response.cacheOutcome == .miss)
        #expect(await cache.origin.requests.last == HTTPRequestSnapshot(request))
    }
}
