import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A successful unsafe request also invalidates the same-origin `Location` and `Content-Location` targets of its
/// response (RFC 9111, 4.4).
struct CachingHTTPClientLocationInvalidationTests {
    private static let fresh: HTTPHeaders = ["Cache-Control": "max-age=60"]

    /// A cache holding `items/5`, `items/6` and `other`, whose next reply is `reply`.
    private static func cache(then reply: Reply, policy: HTTPCachePolicy = HTTPCachePolicy()) async throws -> CachingSUT
    {
        let cache = CachingSUT(
            [.status(200, headers: fresh), .status(200, headers: fresh), .status(200, headers: fresh), reply],
            policy: policy)
        for path in ["items/5", "items/6", "other"] { try await cache.load(TestRequest(path: path)) }
        return cache
    }

    private static func isStored(_ path: String, in cache: CachingSUT) -> Bool {
        cache.store.entry(for: HTTPCacheKey(request: TestRequest(path: path))) != nil
    }

    @Test func relativeTargetsAreInvalidated() async throws {
        let cache = try await Self.cache(
            then: .status(201, headers: ["Location": "/v1/items/5", "Content-Location": "items/6"]))

        try await cache.load(TestRequest(method: .post, path: "items"))

        #expect(!Self.isStored("items/5", in: cache) && !Self.isStored("items/6", in: cache))
        #expect(Self.isStored("other", in: cache))
    }

    @Test func anAbsoluteTargetCountsOnlyOnTheOriginOfTheBaseURL() async throws {
        let policy = {
            var policy = HTTPCachePolicy()
            policy.baseURL = URL(string: "https://api.example.com/api/")
            return policy
        }()
        let sameOrigin = try await Self.cache(
            then: .status(200, headers: ["Location": "HTTPS://API.example.com:443/api/v1/items/5"]), policy: policy)
        let otherOrigin = try await Self.cache(
            then: .status(200, headers: ["Location": "https://elsewhere.example.com/api/v1/items/5"]), policy: policy)
        let outsideTheBase = try await Self.cache(
            then: .status(200, headers: ["Location": "https://api.example.com/v1/items/5"]), policy: policy)
        let unknownOrigin = try await Self.cache(
            then: .status(200, headers: ["Location": "https://api.example.com/api/v1/items/5"]))

        for cache in [sameOrigin, otherOrigin, outsideTheBase, unknownOrigin] {
            try await cache.load(TestRequest(method: .put, path: "items"))
        }

        #expect(!Self.isStored("items/5", in: sameOrigin))
        #expect(Self.isStored("items/5", in: otherOrigin))
        #expect(Self.isStored("items/5", in: outsideTheBase))
        #expect(Self.isStored("items/5", in: unknownOrigin), "without a base URL no absolute URL is the origin")
    }

    @Test func aFailedRequestInvalidatesNoTarget() async throws {
        let cache = try await Self.cache(then: .status(409, headers: ["Location": "/v1/items/5"]))

        try await cache.load(TestRequest(method: .post, path: "items"))

        #expect(Self.isStored("items/5", in: cache))
    }
}
