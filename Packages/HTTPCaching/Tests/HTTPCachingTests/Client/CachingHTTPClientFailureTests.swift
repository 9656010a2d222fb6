import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Stale answers standing in for a failing origin (`stale-if-error`), and cancellation.
struct CachingHTTPClientFailureTests {
    private static let fresh: HTTPHeaders = ["Cache-Control": "max-age=60"]
    private static let lost = HTTPTransportError.cannotConnect(underlying: TestFailure("refused"))

    @Test func aTransportErrorIsAnsweredByAStaleEntryWithinTheAllowance() async throws {
        let cache = CachingSUT(
            [.status(200, body: "a", headers: Self.fresh), .failure(Self.lost)],
            policy: HTTPCachePolicy(staleIfError: .seconds(100)))
        try await cache.load()
        cache.advance(seconds: 160)

        let (body, response) = try await cache.load()

        #expect(body == "a" && response.cacheOutcome == .stale && response.headers?["Age"] == "160")
    }

    @Test func beyondTheAllowanceTheErrorIsThrown() async throws {
        let cache = CachingSUT(
            [.status(200, body: "a", headers: Self.fresh), .failure(Self.lost)],
            policy: HTTPCachePolicy(staleIfError: .seconds(100)))
        try await cache.load()
        cache.advance(seconds: 161)

        let thrown = await #expect(throws: HTTPTransportError.self) { try await cache.load() }
        #expect(thrown?.matches(Self.lost) == true)
    }

    @Test func aServerErrorIsAnsweredByAStaleEntry() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh), .status(503, body: "down")])
        try await cache.load()
        cache.advance(seconds: 3600)

        let (body, response) = try await cache.load()

        #expect(body == "a" && response.statusCode == 200 && response.cacheOutcome == .stale)
        #expect(cache.store.count == 1)
    }

    @Test func aServerErrorWithoutAnEntryIsPassedOn() async throws {
        let cache = CachingSUT([.status(503, body: "down")])

        let (body, response) = try await cache.load()

        #expect(body == "down" && response.statusCode == 503 && response.cacheOutcome == .miss)
    }

    @Test func theResponsesOwnStaleIfErrorWinsOverThePolicy() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60, stale-if-error=10"]),
            .failure(Self.lost),
        ])
        try await cache.load()
        cache.advance(seconds: 71)

        let thrown = await #expect(throws: HTTPTransportError.self) { try await cache.load() }
        #expect(thrown?.matches(Self.lost) == true)
    }

    @Test func theRequestsStaleIfErrorNarrowsThePolicysAllowance() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh), .status(500, body: "failed")])
        try await cache.load()
        cache.advance(seconds: 62)

        let (body, response) = try await cache.load(TestRequest(headers: ["Cache-Control": "stale-if-error=1"]))

        #expect(body == "failed" && response.statusCode == 500 && response.cacheOutcome == .miss)
    }

    @Test func theRequestsStaleIfErrorNarrowsTheAllowanceForATransportErrorToo() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh), .failure(Self.lost)])
        try await cache.load()
        cache.advance(seconds: 62)

        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await cache.load(TestRequest(headers: ["Cache-Control": "stale-if-error=1"]))
        }
        #expect(thrown?.matches(Self.lost) == true)
    }

    @Test func theRequestsStaleIfErrorWinsOverTheResponses() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60, stale-if-error=10"]),
            .status(503, body: "down"),
        ])
        try await cache.load()
        cache.advance(seconds: 160)

        let (body, response) = try await cache.load(TestRequest(headers: ["Cache-Control": "stale-if-error=100"]))

        #expect(body == "a" && response.cacheOutcome == .stale)
    }

    @Test func theRequestsStaleIfErrorStillYieldsToMustRevalidate() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60, must-revalidate"]),
            .status(503, body: "down"),
        ])
        try await cache.load()
        cache.advance(seconds: 61)

        let (body, _) = try await cache.load(TestRequest(headers: ["Cache-Control": "stale-if-error=3600"]))

        #expect(body == "down")
    }

    @Test func mustRevalidateForbidsStaleAnswers() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "max-age=60, must-revalidate"]), .failure(Self.lost),
        ])
        try await cache.load()
        cache.advance(seconds: 61)

        let thrown = await #expect(throws: HTTPTransportError.self) { try await cache.load() }
        #expect(thrown?.matches(Self.lost) == true)
    }

    @Test func noCacheForbidsStaleAnswersToo() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Cache-Control": "no-cache", "ETag": "\"1\""]), .failure(Self.lost),
        ])
        try await cache.load()
        cache.advance(seconds: 1)

        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await cache.load()
        }
        #expect(
            thrown?.matches(Self.lost) == true, "RFC 9111, 4.2.4: no stale answer where no-cache forbids it")
    }

    @Test func cancellationIsNeverHiddenByAStaleEntry() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh), .failure(CancellationError())])
        try await cache.load()
        cache.advance(seconds: 61)

        await #expect(throws: CancellationError.self) { try await cache.load() }
    }

    @Test func aClientErrorDropsTheStaleEntry() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.fresh), .status(400, body: "bad")])
        try await cache.load()
        cache.advance(seconds: 61)

        #expect(try await cache.load().body == "bad")
        #expect(cache.store.count == 0)
    }

    @Test func releasesTheOriginAfterUse() async throws {
        func useAndDrop() async throws -> WeakReference<ScriptedHTTPClient> {
            let cache = CachingSUT([.status(200, headers: Self.fresh)])
            try await cache.load()
            try await cache.load()
            return WeakReference(cache.origin)
        }

        #expect(try await useAndDrop().object == nil)
    }
}
