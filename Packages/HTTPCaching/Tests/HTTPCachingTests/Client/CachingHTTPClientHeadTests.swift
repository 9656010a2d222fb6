import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// `HEAD` and stored `GET` answers (RFC 9111, 4.3.5).
struct CachingHTTPClientHeadTests {
    private static let full: HTTPHeaders = [
        "Cache-Control": "max-age=60", "ETag": "\"v1\"", "Content-Length": "4", "X-Version": "1",
    ]
    private static let head = TestRequest(method: .head)

    @Test func aFreshGETAnswersAHeadWithItsHeadersAlone() async throws {
        let cache = CachingSUT([.status(200, body: "full", headers: Self.full)])
        try await cache.load()

        let (body, response) = try await cache.load(Self.head)

        #expect(body.isEmpty && response.statusCode == 200 && response.cacheOutcome == .hit)
        #expect(response.headers?["Content-Length"] == "4" && response.headers?["ETag"] == "\"v1\"")
        #expect(await cache.sent == 1)
    }

    @Test func aStaleGETDoesNotAnswerAHead() async throws {
        let cache = CachingSUT([.status(200, body: "full", headers: Self.full), .status(200, headers: Self.full)])
        try await cache.load()
        cache.advance(seconds: 61)

        #expect(try await cache.load(Self.head).response.cacheOutcome == .miss)
        #expect(await cache.origin.requests.last?.method == .head)
    }

    @Test func aHeadWithTheSameValidatorsUpdatesTheStoredGET() async throws {
        let cache = CachingSUT([
            .status(200, body: "full", headers: Self.full),
            .status(200, headers: ["Cache-Control": "max-age=120", "ETag": "\"v1\"", "X-Version": "2"]),
        ])
        try await cache.load()
        cache.advance(seconds: 61)
        try await cache.load(Self.head)
        cache.advance(seconds: 100)

        let (body, response) = try await cache.load()

        #expect(body == "full" && response.cacheOutcome == .hit)
        #expect(response.headers?["X-Version"] == "2" && response.headers?["Content-Length"] == "4")
        #expect(await cache.sent == 2)
    }

    @Test(
        arguments: [
            ["ETag": "\"v2\""], ["ETag": "\"v1\"", "Content-Length": "5"],
            ["Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"],
            ["Cache-Control": "max-age=120"],
        ] as [HTTPHeaders])
    func aHeadDescribingAnotherRepresentationRemovesTheStoredGET(headers: HTTPHeaders) async throws {
        let cache = CachingSUT([.status(200, body: "full", headers: Self.full), .status(200, headers: headers)])
        try await cache.load()

        try await cache.load(TestRequest(method: .head, headers: ["Cache-Control": "no-cache"]))

        #expect(cache.store.entry(for: HTTPCacheKey(request: TestRequest())) == nil)
    }

    @Test func aHeadUpdatesOnlyTheVariantItSelects() async throws {
        let varying: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"v1\"", "Vary": "Accept"]
        let cache = CachingSUT([
            .status(200, body: "json", headers: varying), .status(200, body: "xml", headers: varying),
            .status(200, headers: ["ETag": "\"v2\""]),
        ])
        try await cache.load(TestRequest(headers: ["Accept": "json"]))
        try await cache.load(TestRequest(headers: ["Accept": "xml"]))

        try await cache.load(TestRequest(method: .head, headers: ["Accept": "xml", "Cache-Control": "no-cache"]))

        let key = HTTPCacheKey(request: TestRequest())
        #expect(cache.store.entry(for: key) { $0.body == Data("xml".utf8) } == nil)
        #expect(try await cache.load(TestRequest(headers: ["Accept": "json"])).response.cacheOutcome == .hit)
    }
}
