import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Which requests share an entry: method, version, path, query in any order, and the fields `Vary` names.
struct CachingHTTPClientKeyTests {
    private static let fresh: HTTPHeaders = ["Cache-Control": "max-age=60"]

    @Test func theQueryOrderDoesNotMatterButItsValuesDo() {
        let one = HTTPCacheKey(request: TestRequest(queryParameter: ["a": "1", "b": "2"]))
        let other = HTTPCacheKey(request: TestRequest(queryParameter: ["b": "2", "a": "1"]))

        #expect(one == other)
        #expect(one != HTTPCacheKey(request: TestRequest(queryParameter: ["a": "1", "b": "3"])))
        #expect(one.rawValue == "GET v1/resource?a=1&b=2" && one.resource == "v1/resource")
    }

    @Test func separatorsInsideValuesCannotForgeAnotherQuery() {
        let joined = HTTPCacheKey(request: TestRequest(queryParameter: ["a": "1&b=2"]))
        let split = HTTPCacheKey(request: TestRequest(queryParameter: ["a": "1", "b": "2"]))

        #expect(joined != split)
    }

    @Test func methodVersionAndPathAreEachPartOfTheKey() {
        let base = HTTPCacheKey(request: TestRequest())

        #expect(base != HTTPCacheKey(request: TestRequest(method: .head)))
        #expect(base != HTTPCacheKey(request: TestRequest(version: "v2")))
        #expect(base != HTTPCacheKey(request: TestRequest(path: "other")))
        #expect(HTTPCacheKey(request: TestRequest(version: "")).resource == "resource")
    }

    @Test func requestsThatSendTheSameURLShareAKey() {
        let plain = HTTPCacheKey(request: TestRequest(path: "a/b", version: "v1"))

        #expect(HTTPCacheKey(request: TestRequest(path: "/a//b", version: "v1")) == plain)
        #expect(HTTPCacheKey(request: TestRequest(path: "a/b", version: "/v1/")) == plain)
        #expect(HTTPCacheKey(request: TestRequest(path: "v1/a/b", version: "")) == plain)
        #expect(HTTPCacheKey(request: TestRequest(path: "a/b/", version: "v1")) != plain, "a trailing slash is sent")
        #expect(HTTPCacheKey(request: TestRequest(path: "a/b/", version: "v1")).resource == "v1/a/b/")
    }

    @Test func differentQueriesAreCachedApart() async throws {
        let cache = CachingSUT([
            .status(200, body: "1", headers: Self.fresh), .status(200, body: "2", headers: Self.fresh),
        ])
        try await cache.load(TestRequest(queryParameter: ["page": "1"]))
        try await cache.load(TestRequest(queryParameter: ["page": "2"]))

        #expect(try await cache.load(TestRequest(queryParameter: ["page": "1"])).body == "1")
        #expect(try await cache.load(TestRequest(queryParameter: ["page": "2"])).body == "2")
        #expect(await cache.sent == 2)
    }

    @Test func aVaryingFieldWithAnotherValueIsAMiss() async throws {
        let varying: HTTPHeaders = ["Cache-Control": "max-age=60", "Vary": "Accept-Language"]
        let cache = CachingSUT([
            .status(200, body: "en", headers: varying), .status(200, body: "de", headers: varying),
        ])
        try await cache.load(TestRequest(headers: ["Accept-Language": "en"]))

        #expect(try await cache.load(TestRequest(headers: ["accept-language": "en"])).response.cacheOutcome == .hit)
        #expect(try await cache.load(TestRequest(headers: ["Accept-Language": "de"])).body == "de")
        #expect(try await cache.load(TestRequest(headers: ["Accept-Language": "de"])).response.cacheOutcome == .hit)
    }

    @Test func anAbsentVaryingFieldMatchesOnlyAnAbsentOne() async throws {
        let varying: HTTPHeaders = ["Cache-Control": "max-age=60", "Vary": "Accept"]
        let cache = CachingSUT([.status(200, body: "none", headers: varying), .status(200, body: "json")])
        try await cache.load()

        #expect(try await cache.load().response.cacheOutcome == .hit)
        #expect(try await cache.load(TestRequest(headers: ["Accept": "application/json"])).body == "json")
    }
}
