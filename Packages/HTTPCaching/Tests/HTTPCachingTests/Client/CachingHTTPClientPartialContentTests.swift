import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Stored parts (RFC 9111, 3.3): a `206` with one `Content-Range` is kept, and answers a `GET` with the same
/// `Range` or one wholly within the bytes it holds; nothing else.
struct CachingHTTPClientPartialContentTests {
    private static let part: HTTPHeaders = [
        "Cache-Control": "max-age=60", "Content-Range": "bytes 4-9/10", "ETag": "\"v1\"", "A": "1",
    ]

    private static func ranged(_ range: String, method: HTTPMethod = .get) -> TestRequest {
        TestRequest(method: method, headers: ["Range": range])
    }

    /// A cache that stored `body` with `headers` for `Range: range`, then answers with `replies`.
    private static func stored(
        _ body: String = "456789", headers: HTTPHeaders = part, for range: String = "bytes=-6",
        then replies: [Reply] = []
    ) async throws -> CachingSUT {
        let cache = CachingSUT([.status(206, body: body, headers: headers)] + replies)
        try await cache.load(Self.ranged(range))
        return cache
    }

    @Test func theSameRangeGetsThePartAsStored() async throws {
        let cache = try await Self.stored()
        cache.advance(seconds: 5)

        let (body, response) = try await cache.load(Self.ranged("bytes=-6"))

        #expect(response.statusCode == 206 && body == "456789" && response.cacheOutcome == .hit)
        #expect(response.headers?["Content-Range"] == "bytes 4-9/10" && response.headers?["Age"] == "5")
        #expect(response.headers?["A"] == "1")
        #expect(await cache.sent == 1)
    }

    @Test(arguments: [
        ("bytes=6-8", "678", "bytes 6-8/10"), ("bytes=6-", "6789", "bytes 6-9/10"), ("bytes=-1", "9", "bytes 9-9/10"),
        ("bytes=4-9", "456789", "bytes 4-9/10"),
    ])
    func aRangeWithinThePartGetsItsSlice(range: String, slice: String, contentRange: String) async throws {
        let cache = try await Self.stored()

        let (body, response) = try await cache.load(Self.ranged(range))

        #expect(response.statusCode == 206 && body == slice && response.cacheOutcome == .hit)
        #expect(response.headers?["Content-Range"] == contentRange)
        #expect(response.headers?["Content-Length"] == String(slice.utf8.count))
        #expect(await cache.sent == 1)
    }

    @Test(arguments: ["bytes=0-4", "bytes=3-5", "bytes=0-", "bytes=-7", "bytes=0-1,6-7"])
    func aRangeReachingOutsideThePartGoesToTheOrigin(range: String) async throws {
        let cache = try await Self.stored(then: [.status(206, body: "x", headers: ["Content-Range": "bytes 0-0/10"])])

        let (body, response) = try await cache.load(Self.ranged(range))

        #expect(body == "x" && response.cacheOutcome == .miss)
        #expect(await cache.origin.requests.last?.headers?["If-None-Match"] == nil)
    }

    @Test func aRequestWithoutRangeOrAHeadNeverSeesThePart() async throws {
        let cache = try await Self.stored(then: [.status(200, body: "0123456789"), .status(200)])

        let whole = try await cache.load()
        let head = try await cache.load(Self.ranged("bytes=-6", method: .head))

        #expect(whole.body == "0123456789" && whole.response.statusCode == 200)
        #expect(head.response.statusCode == 200 && head.response.cacheOutcome == .miss)
        #expect(await cache.sent == 3)
    }

    @Test func aPartShorterThanItsContentRangeHoldsOnlyTheBytesItCarries() async throws {
        let cache = try await Self.stored(
            "45678", then: [.status(206, body: "9", headers: ["Content-Range": "bytes 9-9/10"])])

        let same = try await cache.load(Self.ranged("bytes=-6"))
        let within = try await cache.load(Self.ranged("bytes=6-8"))
        let beyond = try await cache.load(Self.ranged("bytes=-1"))

        #expect(same.body == "45678" && same.response.cacheOutcome == .hit)
        #expect(within.body == "678" && within.response.headers?["Content-Range"] == "bytes 6-8/10")
        #expect(beyond.body == "9" && beyond.response.cacheOutcome == .miss)
    }

    @Test func aStalePartIsRevalidatedWithTheRangeAndAnswersTheSlice() async throws {
        let cache = try await Self.stored(then: [.status(304, headers: ["Cache-Control": "max-age=60", "B": "2"])])
        cache.advance(seconds: 61)

        let (body, response) = try await cache.load(Self.ranged("bytes=8-9"))

        #expect(response.statusCode == 206 && body == "89" && response.cacheOutcome == .revalidated)
        #expect(response.headers?["Content-Range"] == "bytes 8-9/10" && response.headers?["B"] == "2")
        let sent = await cache.origin.requests.last?.headers
        #expect(sent?["Range"] == "bytes=8-9" && sent?["If-None-Match"] == "\"v1\"")
    }

    @Test(
        arguments: [
            ["Cache-Control": "max-age=60"],
            ["Cache-Control": "max-age=60", "Content-Range": "bytes 4-9/*"],
            ["Cache-Control": "max-age=60", "Content-Range": "bytes 9-4/10"],
            ["Cache-Control": "max-age=60", "Content-Range": "bytes 4-10/10"],
            ["Cache-Control": "max-age=60", "Content-Range": "items 4-9/10"],
            ["Cache-Control": "max-age=60", "Content-Range": "bytes 4-9/10", "Content-Encoding": "gzip"],
        ] as [HTTPHeaders])
    func aPartWithoutOneValidContentRangeOrWithACodingIsNotStored(headers: HTTPHeaders) async throws {
        let cache = try await Self.stored(headers: headers)

        #expect(cache.store.count == 0)
    }

    @Test func anEmptyPartIsNotStored() async throws {
        let cache = try await Self.stored("")

        #expect(cache.store.count == 0)
    }
}
