import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// `.offline` never sends; `.reload` always does.
struct CachingHTTPClientModeTests {
    private static let fresh: HTTPHeaders = ["Cache-Control": "max-age=60"]

    @Test func offlineAnswersFreshAndStaleEntriesWithoutSending() async throws {
        let store = MemoryHTTPCacheStore()
        try await CachingSUT([.status(200, body: "a", headers: Self.fresh)], store: store).load()
        let offline = CachingSUT(policy: HTTPCachePolicy(mode: .offline), store: store)

        #expect(try await offline.load().response.cacheOutcome == .hit)
        offline.advance(seconds: 3600)
        let (body, response) = try await offline.load()

        #expect(body == "a" && response.cacheOutcome == .stale && response.headers?["Age"] == "3600")
        #expect(await offline.sent == 0)
    }

    @Test func offlineSaysAMissIsNotCached() async throws {
        let offline = CachingSUT(policy: HTTPCachePolicy(mode: .offline))

        await #expect(throws: HTTPCacheError.notCached(method: .get, resource: "v1/resource")) {
            try await offline.load()
        }
        #expect(await offline.sent == 0)
        #expect("\(HTTPCacheError.notCached(method: .get, resource: "v1/x"))".contains("not cached"))
    }

    @Test func offlineSendsNoUnsafeOrAuthorizedRequest() async throws {
        let offline = CachingSUT(policy: HTTPCachePolicy(mode: .offline))

        await #expect(throws: HTTPCacheError.offlineUnsafeRequest(method: .post, resource: "v1/resource")) {
            try await offline.load(TestRequest(method: .post))
        }
        await #expect(throws: HTTPCacheError.notCached(method: .get, resource: "v1/resource")) {
            try await offline.load(TestRequest(headers: ["Authorization": "Bearer t"]))
        }
        #expect(await offline.sent == 0)
    }

    @Test func reloadAsksTheOriginEvenWhenFresh() async throws {
        let store = MemoryHTTPCacheStore()
        try await CachingSUT([.status(200, body: "a", headers: Self.fresh)], store: store).load()
        let reload = CachingSUT(
            [.status(200, body: "b", headers: Self.fresh)], policy: HTTPCachePolicy(mode: .reload), store: store)

        let (body, response) = try await reload.load()

        #expect(body == "b" && response.cacheOutcome == .miss)
        #expect(await reload.sent == 1)
    }
}
