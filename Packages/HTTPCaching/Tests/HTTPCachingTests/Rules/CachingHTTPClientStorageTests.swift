import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// What is never stored, whatever the policy's default freshness.
struct CachingHTTPClientStorageTests {
    private static let fresh: HTTPHeaders = ["Cache-Control": "max-age=60"]

    @Test(
        arguments: [
            ["Cache-Control": "no-store, max-age=60"], ["Cache-Control": "max-age=60", "Vary": "*"],
            ["Cache-Control": "private"], [:],
        ] as [HTTPHeaders])
    func responsesTheRulesForbidAreNotStored(headers: HTTPHeaders) async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: headers), .status(200, body: "b")])
        try await cache.load()

        #expect(try await cache.load().body == "b")
        #expect(cache.store.count == 0)
    }

    @Test func defaultFreshnessStillStoresNothingMarkedNoStoreOrVaryStar() async throws {
        for headers: HTTPHeaders in [["Cache-Control": "no-store"], ["Vary": "*"]] {
            let cache = CachingSUT(
                [.status(200, body: "a", headers: headers)], policy: HTTPCachePolicy(defaultFreshness: .seconds(60)))
            try await cache.load()
            #expect(cache.store.count == 0, "\(headers)")
        }
    }

    @Test func aRequestWithNoStoreIsNotStored() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: Self.fresh), .status(200, body: "b", headers: Self.fresh),
        ])

        try await cache.load(TestRequest(headers: ["Cache-Control": "no-store"]))

        #expect(cache.store.count == 0)
        #expect(try await cache.load().body == "b")
    }

    @Test func errorsWithoutExplicitFreshnessAreNotStored() async throws {
        let validated: HTTPHeaders = ["ETag": "\"1\"", "Last-Modified": "Sat, 05 Nov 1994 08:00:00 GMT"]
        for status in [400, 403, 500, 503] {
            let cache = CachingSUT(
                [.status(status, body: "a", headers: validated)],
                policy: HTTPCachePolicy(defaultFreshness: .seconds(60)))
            try await cache.load()
            #expect(cache.store.count == 0, "\(status)")
        }
    }

    @Test func partialContentWithoutAContentRangeIsNeverStored() async throws {
        for headers: HTTPHeaders in [Self.fresh, ["Cache-Control": "public, max-age=60"]] {
            let cache = CachingSUT([.status(206, body: "a", headers: headers)])
            try await cache.load()
            #expect(cache.store.count == 0, "\(headers)")
        }
    }

    @Test func aNotFoundWithFreshnessIsStored() async throws {
        let cache = CachingSUT([.status(404, body: "gone", headers: Self.fresh)])
        try await cache.load()

        let (body, response) = try await cache.load()

        #expect(body == "gone" && response.statusCode == 404 && response.cacheOutcome == .hit)
    }

    @Test func authorizedRequestsPassThroughUnlessThePolicyStoresThem() async throws {
        let request = TestRequest(headers: ["Authorization": "Bearer secret"])
        let plain = CachingSUT([.status(200, body: "a", headers: Self.fresh), .status(200, body: "b")])
        try await plain.load(request)
        #expect(plain.store.count == 0)
        #expect(try await plain.load(request).body == "b")

        let storing = CachingSUT(
            [.status(200, body: "a", headers: Self.fresh)], policy: HTTPCachePolicy(storesAuthorizedResponses: true))
        try await storing.load(request)
        #expect(try await storing.load(request).response.cacheOutcome == .hit)
    }

    @Test func noHeaderValueIsStoredForVary() async throws {
        let cache = CachingSUT(
            [.status(200, body: "a", headers: ["Cache-Control": "max-age=60", "Vary": "Authorization"])],
            policy: HTTPCachePolicy(storesAuthorizedResponses: true))
        try await cache.load(TestRequest(headers: ["Authorization": "Bearer secret"]))

        let entry = try #require(cache.store.entry(for: HTTPCacheKey(request: TestRequest())))
        #expect(entry.variant.keys.sorted() == ["authorization"])
        #expect(!entry.variant.values.contains { $0.contains("secret") })
    }

    @Test func hopByHopFieldsAreNotStored() async throws {
        let cache = CachingSUT([
            .status(200, headers: ["Cache-Control": "max-age=60", "Connection": "close", "X-Cache": "HIT"])
        ])
        try await cache.load()

        let entry = try #require(cache.store.entry(for: HTTPCacheKey(request: TestRequest())))
        #expect(entry.headers == ["Cache-Control": "max-age=60"])
    }
}
