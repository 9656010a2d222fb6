import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// The cache over a real `URLSessionClient` and the dev server: validators, 304s, freshness, stale-if-error.
@Suite(.timeLimit(.minutes(1)))
struct CachingEndToEndTests {
    private static let page = TestRequest(
        path: "questions", version: "2.3", headers: ["Accept": "application/json"],
        queryParameter: ["site": "stackoverflow", "pagesize": "3", "sort": "votes"])

    /// Revalidating on every use: the dev server's pages carry a `Last-Modified` that heuristic freshness would
    /// otherwise keep fresh.
    private static var revalidating: HTTPCachePolicy {
        var policy = HTTPCachePolicy()
        policy.heuristicFreshness = nil
        return policy
    }

    @Test func aStackExchangeAnswerIsRevalidatedWithItsETagAndA304() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().caching(in: MemoryHTTPCacheStore(), policy: Self.revalidating)

            let (first, full) = try await sut.load(request: Self.page)
            let (second, revalidated) = try await sut.load(request: Self.page)

            #expect(HTTPCacheOutcome(full) == .miss && HTTPCacheOutcome(revalidated) == .revalidated)
            #expect(revalidated.statusCode == 200 && second == first && !first.isEmpty)
            #expect(revalidated.headers?["ETag"] == full.headers?["ETag"])
            let admin = try DevServerAdmin(server)
            #expect(try await admin.count("se.not_modified") == 1)
            #expect(try await admin.count("route:GET /2.3/questions") == 2)
        }
    }

    @Test func aFreshAvatarIsAnsweredWithoutARequestFromADiskStoreInAnotherClient() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await DevServer.run { server in
            let avatar = TestRequest(path: "cdn/avatars/zoe-laurent.png", version: "")
            let first = try server.transport().caching(in: try DiskHTTPCacheStore(directory: directory))
            let second = try server.transport().caching(in: try DiskHTTPCacheStore(directory: directory))

            let (image, _) = try await first.load(request: avatar)
            let (cached, response) = try await second.load(request: avatar)

            #expect(HTTPCacheOutcome(response) == .hit && cached == image && response.statusCode == 200)
            #expect(try await DevServerAdmin(server).count("route:GET /cdn/avatars/zoe-laurent.png") == 1)
        }
    }

    @Test func aStackExchangeAnswerIsFreshByHeuristicFromItsLastModified() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().caching(in: MemoryHTTPCacheStore())

            let (first, full) = try await sut.load(request: Self.page)
            let (second, cached) = try await sut.load(request: Self.page)

            #expect(full.headers?["Last-Modified"] != nil && full.headers?["Cache-Control"] == "private")
            #expect(HTTPCacheOutcome(cached) == .hit && second == first)
            #expect(try await DevServerAdmin(server).count("route:GET /2.3/questions") == 1)
        }
    }

    @Test func aStaleAnswerStandsInWhileTheServerFails() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().caching(in: MemoryHTTPCacheStore(), policy: Self.revalidating)
            let (first, _) = try await sut.load(request: Self.page)
            try await DevServerAdmin(server).post("faults", json: #"{"rate": 1.0, "kinds": ["503"]}"#)

            let (body, response) = try await sut.load(request: Self.page)

            #expect(HTTPCacheOutcome(response) == .stale && response.statusCode == 200 && body == first)
        }
    }
}
