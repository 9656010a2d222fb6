import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// One byte range answered from a stored complete `200` (RFC 9110, 14.2, 15.3.7 and 15.5.17); stored parts:
/// `CachingHTTPClientPartialContentTests`.
struct CachingHTTPClientRangeTests {
    private static let body = "0123456789A"
    private static let fresh: HTTPHeaders = [
        "Cache-Control": "max-age=60", "ETag": "\"v1\"", "Content-Type": "text/plain", "Content-Length": "11",
        "A": "1",
    ]

    /// A cache holding `body` (or ``body``) with `headers` (or ``fresh``), then `replies` from the origin.
    private static func stored(
        _ body: String = body, headers: HTTPHeaders = fresh, then replies: [Reply] = [],
        policy: HTTPCachePolicy = HTTPCachePolicy()
    ) async throws -> CachingSUT {
        let cache = CachingSUT([.status(200, body: body, headers: headers)] + replies, policy: policy)
        try await cache.load()
        return cache
    }

    private static func ranged(_ range: String, _ extra: HTTPHeaders = [:], method: HTTPMethod = .get) -> TestRequest {
        TestRequest(method: method, headers: HTTPHeaders([("Range", range)]).merging(extra))
    }

    @Test(
        arguments: [
            ("bytes=0-1", "01", "bytes 0-1/11"),
            ("bytes=1-", "123456789A", "bytes 1-10/11"),
            ("bytes=-1", "A", "bytes 10-10/11"),
            ("bytes=3-100", "3456789A", "bytes 3-10/11"),
            ("bytes=-50", "0123456789A", "bytes 0-10/11"),
            ("bytes=10-10", "A", "bytes 10-10/11"),
            ("Bytes=0-1", "01", "bytes 0-1/11"),
            ("bytes=, 2-3 ,", "23", "bytes 2-3/11"),
            ("bytes=0-99999999999999999999999", "0123456789A", "bytes 0-10/11"),
        ])
    func aFreshEntryAnswersOneByteRangeWithPartialContent(range: String, slice: String, contentRange: String)
        async throws
    {
        let cache = try await Self.stored()

        let (body, response) = try await cache.load(Self.ranged(range))

        #expect(response.statusCode == 206 && body == slice && response.cacheOutcome == .hit)
        #expect(response.headers?["Content-Range"] == contentRange)
        #expect(response.headers?["Content-Length"] == String(slice.utf8.count))
        #expect(await cache.sent == 1)
    }

    @Test func thePartialAnswerKeepsTheStoredFieldsAndTheAge() async throws {
        let cache = try await Self.stored()
        cache.advance(seconds: 10)

        let response = try await cache.load(Self.ranged("bytes=0-1")).response

        #expect(response.headers?["A"] == "1" && response.headers?["ETag"] == "\"v1\"")
        #expect(response.headers?["Content-Type"] == "text/plain" && response.headers?["Cache-Control"] == "max-age=60")
        #expect(response.headers?["Age"] == "10")
    }

    @Test func theStoredEntryStaysWholeAfterAPartialAnswer() async throws {
        let cache = try await Self.stored()
        try await cache.load(Self.ranged("bytes=0-1"))

        let (body, response) = try await cache.load()

        #expect(response.statusCode == 200 && body == Self.body && response.headers?["Content-Length"] == "11")
        #expect(response.headers?["Content-Range"] == nil)
    }

    @Test(
        arguments: [
            "bytes=0-1,3-4", "bytes=0-1, -2", "items=0-1", "bytes=5-2", "bytes=a-b", "bytes=", "bytes=-", "0-1",
            "bytes=0x-1", "bytes=+1-2", "bytes = 0-1", "bytes=1-2-3",
        ])
    func severalRangesAnotherUnitOrAnInvalidRangeGetTheWholeEntry(range: String) async throws {
        let cache = try await Self.stored()

        let (body, response) = try await cache.load(Self.ranged(range))

        #expect(response.statusCode == 200 && body == Self.body && response.cacheOutcome == .hit)
        #expect(response.headers?["Content-Range"] == nil && response.headers?["Content-Length"] == "11")
        #expect(await cache.sent == 1)
    }

    @Test func anEncodedEntryIgnoresTheRange() async throws {
        let cache = try await Self.stored(headers: Self.fresh.merging(["Content-Encoding": "gzip"]))

        let (body, response) = try await cache.load(Self.ranged("bytes=0-1"))

        #expect(response.statusCode == 200 && body == Self.body && response.cacheOutcome == .hit)
    }

    @Test func anEntryOtherThanA200IgnoresTheRange() async throws {
        let cache = CachingSUT([.status(404, body: "gone", headers: ["Cache-Control": "max-age=60"])])
        try await cache.load()

        let (body, response) = try await cache.load(Self.ranged("bytes=0-1"))

        #expect(response.statusCode == 404 && body == "gone" && response.cacheOutcome == .hit)
    }

    @Test func aHeadIgnoresTheRange() async throws {
        let cache = try await Self.stored()

        let (body, response) = try await cache.load(Self.ranged("bytes=0-1", method: .head))

        #expect(response.statusCode == 200 && body.isEmpty && response.headers?["Content-Length"] == "11")
        #expect(await cache.sent == 1)
    }

    @Test func aRangeWithIfRangeGoesToTheOriginAsWrittenAndIsNotStored() async throws {
        let partial = Reply.status(
            206, body: "01", headers: ["Cache-Control": "max-age=60", "Content-Range": "bytes 0-1/11"])
        let cache = try await Self.stored(then: [partial])

        let (body, response) = try await cache.load(Self.ranged("bytes=0-1", ["If-Range": "\"v1\""]))

        #expect(response.statusCode == 206 && body == "01" && response.cacheOutcome == .miss)
        let sent = await cache.origin.requests.last?.headers
        #expect(sent?["Range"] == "bytes=0-1" && sent?["If-Range"] == "\"v1\"")
        #expect(try await cache.load().body == Self.body)
        #expect(await cache.sent == 2)
    }

    @Test(arguments: ["bytes=11-", "bytes=20-30", "bytes=-0", "bytes=99999999999999999999999-"])
    func anUnsatisfiableRangeGetsAnEmpty416WithTheLength(range: String) async throws {
        let cache = try await Self.stored()
        cache.advance(seconds: 5)

        let (body, response) = try await cache.load(Self.ranged(range))

        #expect(response.statusCode == 416 && body.isEmpty && response.cacheOutcome == .hit)
        #expect(response.headers?["Content-Range"] == "bytes */11" && response.headers?["Content-Length"] == "0")
        #expect(response.headers?["Age"] == "5" && response.headers?["Cache-Control"] == nil)
        #expect(await cache.sent == 1)
    }

    @Test func anEmptyEntryAnswersASuffixWhole() async throws {
        let cache = try await Self.stored("", headers: ["Cache-Control": "max-age=60"])

        let (body, response) = try await cache.load(Self.ranged("bytes=-5"))
        let start = try await cache.load(Self.ranged("bytes=0-")).response

        #expect(response.statusCode == 200 && body.isEmpty && response.cacheOutcome == .hit)
        #expect(start.statusCode == 416 && start.headers?["Content-Range"] == "bytes */0")
    }

    @Test func aStaleEntrySendsTheRangeRequestToTheOriginWhosePartAnswersNoWholeRequest() async throws {
        let partial = Reply.status(
            206, body: "01",
            headers: ["Cache-Control": "max-age=60", "ETag": "\"v2\"", "Content-Range": "bytes 0-1/11"])
        let cache = try await Self.stored(then: [partial, .status(200, body: "new", headers: Self.fresh)])
        cache.advance(seconds: 61)

        let (body, response) = try await cache.load(Self.ranged("bytes=0-1"))

        #expect(response.statusCode == 206 && body == "01" && response.cacheOutcome == .miss)
        let sent = await cache.origin.requests.last?.headers
        #expect(sent?["Range"] == "bytes=0-1" && sent?["If-None-Match"] == "\"v1\"")
        #expect(try await cache.load().body == "new")
        #expect(await cache.sent == 3)
    }

    @Test func aStaleEntryTheRequestAcceptsAnswersTheRange() async throws {
        let cache = try await Self.stored()
        cache.advance(seconds: 70)

        let (body, response) = try await cache.load(Self.ranged("bytes=-2", ["Cache-Control": "max-stale=20"]))

        #expect(response.statusCode == 206 && body == "9A" && response.cacheOutcome == .stale)
        #expect(response.headers?["Content-Range"] == "bytes 9-10/11" && response.headers?["Age"] == "70")
        #expect(await cache.sent == 1)
    }

    @Test func offlineAnswersTheRangeFromFreshAndStaleEntries() async throws {
        let store = MemoryHTTPCacheStore()
        try await CachingSUT([.status(200, body: Self.body, headers: Self.fresh)], store: store).load()
        let offline = CachingSUT(policy: HTTPCachePolicy(mode: .offline), store: store)

        let fresh = try await offline.load(Self.ranged("bytes=1-2"))
        offline.advance(seconds: 3600)
        let (body, response) = try await offline.load(Self.ranged("bytes=1-2"))
        let unsatisfiable = try await offline.load(Self.ranged("bytes=11-")).response

        #expect(fresh.response.statusCode == 206 && fresh.body == "12" && fresh.response.cacheOutcome == .hit)
        #expect(response.statusCode == 206 && body == "12" && response.cacheOutcome == .stale)
        #expect(unsatisfiable.statusCode == 416 && unsatisfiable.cacheOutcome == .stale)
        #expect(await offline.sent == 0)
    }
}
