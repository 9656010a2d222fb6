import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Which statuses are stored (RFC 9111, 3), `must-understand` (5.2.2.3), and stored errors against stale answers
/// standing in for a failing origin.
struct CachingHTTPClientStatusStorageTests {
    private static let fresh: HTTPHeaders = ["Cache-Control": "max-age=60"]

    @Test(arguments: [201, 299, 302, 400, 403, 499, 500, 502, 503, 504, 599])
    func anyFinalStatusWithMaxAgeIsStoredAndAnswersWhileFresh(status: Int) async throws {
        let cache = CachingSUT([.status(status, body: "a", headers: Self.fresh)])
        try await cache.load()
        cache.advance(seconds: 59)

        let (body, response) = try await cache.load()

        #expect(body == "a" && response.statusCode == status && response.cacheOutcome == .hit)
        #expect(await cache.sent == 1)
    }

    @Test func anErrorWithExpiresIsStoredToo() async throws {
        let cache = CachingSUT([
            .status(
                500, body: "a",
                headers: ["Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Expires": "Sun, 06 Nov 1994 08:50:37 GMT"])
        ])
        try await cache.load()

        #expect(try await cache.load().response.cacheOutcome == .hit)
    }

    @Test func aStaleStoredErrorIsAskedForAgain() async throws {
        let cache = CachingSUT([
            .status(500, body: "a", headers: Self.fresh), .status(200, body: "b", headers: Self.fresh),
        ])
        try await cache.load()
        cache.advance(seconds: 60)

        let (body, response) = try await cache.load()

        #expect(body == "b" && response.statusCode == 200 && response.cacheOutcome == .miss)
    }

    @Test(arguments: [200, 404, 500])
    func mustUnderstandStoresAKnownStatusDespiteNoStore(status: Int) async throws {
        let cache = CachingSUT([
            .status(status, body: "a", headers: ["Cache-Control": "max-age=60, no-store, must-understand"])
        ])
        try await cache.load()

        let (body, response) = try await cache.load()

        #expect(body == "a" && response.cacheOutcome == .hit)
    }

    @Test(arguments: ["max-age=60, no-store, must-understand", "max-age=60, must-understand"])
    func mustUnderstandWithAnUnknownStatusIsNotStored(cacheControl: String) async throws {
        for status in [299, 499, 599] {
            let cache = CachingSUT([.status(status, body: "a", headers: ["Cache-Control": cacheControl])])
            try await cache.load()
            #expect(cache.store.count == 0, "\(status)")
        }
    }

    @Test func mustUnderstandDoesNotOverrideTheRequestsNoStore() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60, no-store, must-understand"])
        ])

        try await cache.load(TestRequest(headers: ["Cache-Control": "no-store"]))

        #expect(cache.store.count == 0)
    }

    @Test func aStaleEntryStandsInForAServerErrorThatIsNotStored() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: Self.fresh), .status(503, body: "down", headers: Self.fresh),
            .status(200, body: "b", headers: Self.fresh),
        ])
        try await cache.load()
        cache.advance(seconds: 61)

        let (body, response) = try await cache.load()
        let (next, _) = try await cache.load()

        #expect(body == "a" && response.statusCode == 200 && response.cacheOutcome == .stale)
        #expect(next == "b", "the stale entry is still stale, so the next request asks the origin again")
    }

    @Test func beyondTheStandInAllowanceAFreshServerErrorReplacesTheEntry() async throws {
        let cache = CachingSUT(
            [.status(200, body: "a", headers: Self.fresh), .status(503, body: "down", headers: Self.fresh)],
            policy: HTTPCachePolicy(staleIfError: .seconds(10)))
        try await cache.load()
        cache.advance(seconds: 71)
        let (body, response) = try await cache.load()
        #expect(body == "down" && response.statusCode == 503 && response.cacheOutcome == .miss)

        let (again, hit) = try await cache.load()

        #expect(again == "down" && hit.statusCode == 503 && hit.cacheOutcome == .hit)
        #expect(await cache.sent == 2)
    }

    @Test func aStoredServerErrorDoesNotStandInForANewOne() async throws {
        let cache = CachingSUT([.status(503, body: "old", headers: Self.fresh), .status(500, body: "new")])
        try await cache.load()
        cache.advance(seconds: 61)

        let (body, response) = try await cache.load()

        #expect(body == "new" && response.statusCode == 500 && response.cacheOutcome == .miss)
    }

    @Test func aStoredServerErrorDoesNotStandInForATransportError() async throws {
        let lost = HTTPTransportError.cannotConnect(underlying: TestFailure("refused"))
        let cache = CachingSUT([.status(503, body: "old", headers: Self.fresh), .failure(lost)])
        try await cache.load()
        cache.advance(seconds: 61)

        let thrown = await #expect(throws: HTTPTransportError.self) { try await cache.load() }
        #expect(thrown?.matches(lost) == true)
    }
}
