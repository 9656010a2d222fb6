import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A `GET` without `Range` completes a stored part that holds the first bytes: it asks for the rest, and combines
/// the two only when both carry the same strong `ETag` (RFC 9111, 3.3 and 3.4).
struct CachingHTTPClientPartCompletionTests {
    private static func part(_ extra: HTTPHeaders = [:]) -> Reply {
        .status(
            206, body: "01234",
            headers: HTTPHeaders(["Cache-Control": "max-age=60", "Content-Range": "bytes 0-4/10"]).merging(extra))
    }

    private static func rest(_ extra: HTTPHeaders) -> Reply {
        .status(
            206, body: "56789",
            headers: HTTPHeaders(["Cache-Control": "max-age=60", "Content-Range": "bytes 5-9/10", "B": "2"]).merging(
                extra))
    }

    /// A cache that stored ``part(_:)`` with `extra` for `Range: bytes=0-4`, then answers with `replies`.
    private static func stored(_ extra: HTTPHeaders = [:], then replies: [Reply]) async throws -> CachingSUT {
        let cache = CachingSUT([part(extra)] + replies)
        try await cache.load(TestRequest(headers: ["Range": "bytes=0-4"]))
        return cache
    }

    @Test func theRestWithTheSameStrongETagIsCombinedIntoAStoredWhole() async throws {
        let cache = try await Self.stored(["ETag": "\"v1\"", "A": "1"], then: [Self.rest(["ETag": "\"v1\""])])

        let (body, response) = try await cache.load()
        let again = try await cache.load()

        #expect(response.statusCode == 200 && body == "0123456789" && response.cacheOutcome == .miss)
        #expect(response.headers?["Content-Range"] == nil && response.headers?["Content-Length"] == "10")
        #expect(response.headers?["A"] == "1" && response.headers?["B"] == "2")
        #expect(again.body == "0123456789" && again.response.cacheOutcome == .hit)
        let sent = await cache.origin.requests.last?.headers
        #expect(sent?["Range"] == "bytes=5-" && sent?["If-Range"] == "\"v1\"")
        #expect(await cache.sent == 2)
    }

    @Test func anAnswerThatIgnoresTheRangeIsTheAnswer() async throws {
        let cache = try await Self.stored(then: [.status(200, body: "whole", headers: ["Cache-Control": "max-age=60"])])

        let (body, response) = try await cache.load()

        #expect(response.statusCode == 200 && body == "whole" && response.cacheOutcome == .miss)
        let sent = await cache.origin.requests.last?.headers
        #expect(sent?["Range"] == "bytes=5-" && sent?["If-Range"] == nil)
        #expect(try await cache.load().response.cacheOutcome == .hit)
    }

    @Test(
        arguments: [
            [:], ["ETag": "W/\"v1\""], ["ETag": "\"v2\""], ["ETag": "\"v1\"", "Content-Range": "bytes 5-8/10"],
            ["ETag": "\"v1\"", "Content-Range": "bytes 5-9/11"],
        ] as [HTTPHeaders])
    func aRestThatCannotBeCombinedIsDroppedAndTheWholeIsAskedFor(extra: HTTPHeaders) async throws {
        let cache = try await Self.stored(
            ["ETag": "\"v1\""], then: [Self.rest(extra), .status(200, body: "0123456789")])

        let (body, response) = try await cache.load()

        #expect(response.statusCode == 200 && body == "0123456789")
        #expect(await cache.origin.requests.last?.headers?["Range"] == nil)
        #expect(await cache.sent == 3)
    }

    @Test func aPartWithoutTheFirstBytesIsNotCompleted() async throws {
        let cache = CachingSUT([
            .status(206, body: "56789", headers: ["Cache-Control": "max-age=60", "Content-Range": "bytes 5-9/10"]),
            .status(200, body: "0123456789"),
        ])
        try await cache.load(TestRequest(headers: ["Range": "bytes=5-"]))

        try await cache.load()

        #expect(await cache.origin.requests.last?.headers?["Range"] == nil)
    }
}
