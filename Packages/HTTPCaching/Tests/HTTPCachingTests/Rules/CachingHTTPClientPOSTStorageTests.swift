import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A `POST` answer that names its own URL in `Content-Location` and has explicit freshness answers a later `GET`
/// (RFC 9110, 9.3.3).
struct CachingHTTPClientPOSTStorageTests {
    private static func post(_ headers: HTTPHeaders? = nil) -> TestRequest {
        TestRequest(method: .post, headers: headers, body: Data("12345".utf8))
    }

    private static func answer(_ headers: HTTPHeaders) -> Reply {
        .status(200, body: "created", headers: headers)
    }

    @Test(arguments: ["resource", "/v1/resource", "http://origin.invalid/v1/resource"])
    func anAnswerNamingItsOwnURLWithFreshnessAnswersALaterGETUntilStale(location: String) async throws {
        let headers: HTTPHeaders = ["Cache-Control": "max-age=60", "Content-Location": location]
        let cache = CachingSUT([Self.answer(headers), .status(200, body: "later")])
        try await cache.load(Self.post())
        cache.advance(seconds: 59)

        let (body, response) = try await cache.load()
        cache.advance(seconds: 2)
        let stale = try await cache.load().body

        #expect(body == "created" && response.statusCode == 200 && response.cacheOutcome == .hit)
        #expect(response.headers?["Age"] == "59")
        #expect(stale == "later")
        #expect(await cache.sent == 2)
    }

    @Test func anExpiresDateIsExplicitFreshnessToo() async throws {
        let headers: HTTPHeaders = [
            "Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Expires": "Sun, 06 Nov 1994 09:49:37 GMT",
            "Content-Location": "resource",
        ]
        let cache = CachingSUT([Self.answer(headers)])
        try await cache.load(Self.post())

        #expect(try await cache.load().response.cacheOutcome == .hit)
    }

    @Test(
        arguments: [
            ["Cache-Control": "max-age=60", "Content-Location": "other"],
            ["Cache-Control": "max-age=60", "Content-Location": "resource?page=2"],
            ["Cache-Control": "max-age=60", "Content-Location": "http://elsewhere.invalid/v1/resource"],
            ["Cache-Control": "max-age=60"],
            ["Content-Location": "resource", "Last-Modified": "Sat, 05 Nov 1994 08:00:00 GMT"],
            ["Cache-Control": "max-age=60, no-store", "Content-Location": "resource"],
        ] as [HTTPHeaders])
    func anAnswerWithoutItsOwnURLOrExplicitFreshnessIsNotStored(headers: HTTPHeaders) async throws {
        let cache = CachingSUT([Self.answer(headers), .status(200, body: "later")])
        try await cache.load(Self.post())

        #expect(try await cache.load().body == "later")
        #expect(cache.store.count == 0)
    }

    @Test(arguments: [["Cache-Control": "no-store"], ["Authorization": "Bearer secret"]] as [HTTPHeaders])
    func aRequestThatSaysNoStoreOrCarriesACredentialLeavesNothingStored(headers: HTTPHeaders) async throws {
        let answer = Self.answer(["Cache-Control": "max-age=60", "Content-Location": "resource"])
        let cache = CachingSUT([answer])
        try await cache.load(Self.post(headers))

        #expect(cache.store.count == 0)
    }

    @Test func theAnswerReplacesTheEntryThePOSTInvalidated() async throws {
        let cache = CachingSUT([
            .status(200, body: "old", headers: ["Cache-Control": "max-age=60"]),
            Self.answer(["Cache-Control": "max-age=60", "Content-Location": "resource"]),
        ])
        try await cache.load()

        try await cache.load(Self.post())

        #expect(try await cache.load().body == "created")
        #expect(cache.store.count == 1)
        #expect(await cache.sent == 2)
    }

    @Test func aFailedPOSTStoresNothing() async throws {
        let cache = CachingSUT([.status(500, body: "no", headers: ["Cache-Control": "max-age=60"])])
        try await cache.load(Self.post())

        #expect(cache.store.count == 0)
    }
}
