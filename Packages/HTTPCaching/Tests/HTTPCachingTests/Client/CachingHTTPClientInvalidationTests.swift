import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Unsafe methods pass through, and a successful one drops the entries of its path (RFC 9111, 4.4).
struct CachingHTTPClientInvalidationTests {
    private static let fresh: HTTPHeaders = ["Cache-Control": "max-age=60"]

    @Test(arguments: [HTTPMethod.post, .put, .patch, .delete])
    func aSuccessfulUnsafeRequestDropsEveryEntryOfItsPath(method: HTTPMethod) async throws {
        let cache = CachingSUT([
            .status(200, headers: Self.fresh), .status(200, headers: Self.fresh), .status(200, headers: Self.fresh),
            .status(204),
        ])
        try await cache.load(TestRequest(queryParameter: ["page": "1"]))
        try await cache.load(TestRequest(queryParameter: ["page": "2"]))
        try await cache.load(TestRequest(path: "other"))

        let (_, response) = try await cache.load(TestRequest(method: method, body: Data("x".utf8)))

        #expect(response.cacheOutcome == .miss)
        #expect(cache.store.count == 1)
        #expect(cache.store.entry(for: HTTPCacheKey(request: TestRequest(path: "other"))) != nil)
    }

    @Test(arguments: ["M-SEARCH", "PURGE", "get"])
    func aSuccessfulRequestOfAMethodOfUnknownSafetyDropsTheEntriesOfItsPath(token: String) async throws {
        let method = try #require(HTTPMethod(rawValue: token))
        let cache = CachingSUT([.status(200, headers: Self.fresh), .status(200, headers: Self.fresh), .status(200)])
        try await cache.load(TestRequest(queryParameter: ["page": "1"]))
        try await cache.load(TestRequest(path: "other"))

        let (_, response) = try await cache.load(TestRequest(method: method))

        #expect(response.cacheOutcome == .miss)
        #expect(cache.store.count == 1)
        #expect(cache.store.entry(for: HTTPCacheKey(request: TestRequest(path: "other"))) != nil)
    }

    @Test(arguments: [HTTPMethod.options, .trace])
    func aSafeMethodOtherThanGetAndHeadPassesThroughAndKeepsTheEntries(method: HTTPMethod) async throws {
        let cache = CachingSUT([.status(200, headers: Self.fresh), .status(200)])
        try await cache.load()

        let (_, response) = try await cache.load(TestRequest(method: method))

        #expect(response.cacheOutcome == .miss)
        #expect(cache.store.count == 1)
    }

    @Test func anUnsafeRequestSpellingThePathWithExtraSlashesDropsItsEntries() async throws {
        let cache = CachingSUT([.status(200, body: "old", headers: Self.fresh), .status(204)])
        try await cache.load(TestRequest(path: "resource"))

        try await cache.load(TestRequest(method: .delete, path: "/resource"))

        #expect(cache.store.count == 0, "both requests send the same URL, /v1/resource")
    }

    @Test func aFailedUnsafeRequestKeepsTheEntries() async throws {
        let cache = CachingSUT([.status(200, headers: Self.fresh), .status(500)])
        try await cache.load()

        try await cache.load(TestRequest(method: .post))

        #expect(cache.store.count == 1)
    }

    @Test func unsafeRequestsAreNeverStoredOrAnswered() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: Self.fresh), .status(200, body: "b", headers: Self.fresh),
        ])
        try await cache.load(TestRequest(method: .post))

        #expect(try await cache.load(TestRequest(method: .post)).body == "b")
        #expect(cache.store.count == 0)
    }

    @Test func theRequestIsSentAsItIs() async throws {
        let cache = CachingSUT([.status(201)])
        let request = TestRequest(method: .put, headers: ["A": "1"], queryParameter: ["q": "2"], body: Data([1]))

        try await cache.load(request)

        #expect(await cache.origin.requests == [HTTPRequestSnapshot(request)])
    }
}
