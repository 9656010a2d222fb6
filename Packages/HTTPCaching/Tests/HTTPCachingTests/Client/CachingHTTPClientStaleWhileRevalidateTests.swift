import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// `stale-while-revalidate` (RFC 5861, 3): a stale answer at once within the response's window, and one
/// revalidation in the background that updates the store.
@Suite(.timeLimit(.minutes(1)))  // a safety net: an answer that waited for a held origin would hang, not fail
struct CachingHTTPClientStaleWhileRevalidateTests {
    private static let windowed: HTTPHeaders = [
        "Cache-Control": "max-age=60, stale-while-revalidate=30", "ETag": "\"v1\"",
    ]
    private static let lost = HTTPTransportError.cannotConnect(underlying: TestFailure("refused"))

    /// A cache whose stored entry says `windowed` and is `staleBy` seconds past its freshness; the origin answers
    /// the next requests with `replies`.
    private static func staleCache(
        _ replies: [Reply], headers: HTTPHeaders = windowed, staleBy seconds: Int = 10
    ) async throws -> CachingSUT {
        let cache = CachingSUT([.status(200, body: "a", headers: headers)] + replies)
        try await cache.load()
        cache.advance(seconds: 60 + seconds)
        return cache
    }

    @Test func withinTheWindowTheStaleEntryAnswersBeforeTheOriginDoes() async throws {
        let origin = Gate()
        let cache = try await Self.staleCache([.after(origin, .status(304))])

        let (body, response) = try await cache.load()

        #expect(body == "a" && response.cacheOutcome == .stale && response.headers?["Age"] == "70")
        #expect(response.headers?["ETag"] == "\"v1\"")
        await cache.origin.waitForRequests(count: 2)
        #expect(await cache.origin.requests.last?.headers?["If-None-Match"] == "\"v1\"")
        await origin.open()
        await cache.sut.backgroundRevalidationsFinished()
    }

    @Test func aRangeWithinTheWindowIsAnsweredStaleAndTheBackgroundAsksForTheWholeRepresentation() async throws {
        let cache = try await Self.staleCache([.status(200, body: "bc", headers: ["Cache-Control": "max-age=60"])])

        let (body, response) = try await cache.load(TestRequest(headers: ["Range": "bytes=0-0"]))
        await cache.sut.backgroundRevalidationsFinished()

        #expect(response.statusCode == 206 && body == "a" && response.cacheOutcome == .stale)
        let background = await cache.origin.requests.last?.headers
        #expect(background?["Range"] == nil && background?["If-None-Match"] == "\"v1\"")
        #expect(try await cache.load().body == "bc")
    }

    @Test func aNotModifiedInTheBackgroundMakesTheEntryFreshAgain() async throws {
        let cache = try await Self.staleCache([.status(304, headers: ["Cache-Control": "max-age=120"])])
        try await cache.load()
        await cache.sut.backgroundRevalidationsFinished()
        cache.advance(seconds: 100)

        let (body, response) = try await cache.load()

        #expect(body == "a" && response.cacheOutcome == .hit && response.headers?["Age"] == "100")
        #expect(await cache.sent == 2)
    }

    @Test func aFullAnswerInTheBackgroundReplacesTheEntry() async throws {
        let cache = try await Self.staleCache([
            .status(200, body: "b", headers: ["Cache-Control": "max-age=3600", "ETag": "\"v2\""])
        ])
        let (staleBody, _) = try await cache.load()
        await cache.sut.backgroundRevalidationsFinished()

        let (body, response) = try await cache.load()

        #expect(staleBody == "a")
        #expect(body == "b" && response.cacheOutcome == .hit && response.headers?["ETag"] == "\"v2\"")
        #expect(await cache.sent == 2)
    }

    @Test func staleByExactlyTheWindowStillAnswersAtOnce() async throws {
        let cache = try await Self.staleCache([.status(304)], staleBy: 30)

        #expect(try await cache.load().response.cacheOutcome == .stale)
        await cache.sut.backgroundRevalidationsFinished()
    }

    @Test func pastTheWindowTheRequestWaitsForTheRevalidation() async throws {
        let cache = try await Self.staleCache([.status(304)], staleBy: 31)

        let (body, response) = try await cache.load()

        #expect(body == "a" && response.cacheOutcome == .revalidated)
        #expect(cache.sut.revalidations.count == 0)
    }

    @Test func pastTheWindowAFullAnswerIsTheOriginsOwn() async throws {
        let cache = try await Self.staleCache(
            [.status(200, body: "b", headers: ["Cache-Control": "no-cache", "ETag": "\"v2\""])], staleBy: 31)

        let (body, response) = try await cache.load()

        #expect(body == "b" && response.cacheOutcome == .miss)
    }

    @Test func whileARevalidationRunsFurtherStaleAnswersStartNoOther() async throws {
        let origin = Gate()
        let cache = try await Self.staleCache([.after(origin, .status(304))])
        try await cache.load()
        await cache.origin.waitForRequests(count: 2)

        let outcomes = [try await cache.load(), try await cache.load()].map(\.response.cacheOutcome)
        await origin.open()
        await cache.sut.backgroundRevalidationsFinished()

        #expect(outcomes == [.stale, .stale])
        #expect(await cache.sent == 2)
    }

    @Test func eachVariantIsRevalidatedOnItsOwn() async throws {
        let varying = Self.windowed.merging(["Vary": "Accept-Language"])
        let english = TestRequest(headers: ["Accept-Language": "en"])
        let french = TestRequest(headers: ["Accept-Language": "fr"])
        let origin = Gate()
        let cache = CachingSUT([
            .status(200, body: "en", headers: varying), .status(200, body: "fr", headers: varying),
            .after(origin, .status(304)), .after(origin, .status(304)),
        ])
        try await cache.load(english)
        try await cache.load(french)
        cache.advance(seconds: 70)

        let bodies = [try await cache.load(english).body, try await cache.load(french).body]
        await cache.origin.waitForRequests(count: 4)
        await origin.open()
        await cache.sut.backgroundRevalidationsFinished()

        #expect(bodies == ["en", "fr"])
        let sentLanguages = await cache.origin.requests.dropFirst(2).compactMap { $0.headers?["Accept-Language"] }
        #expect(Set(sentLanguages) == ["en", "fr"])
    }

    @Test func aFailedBackgroundRevalidationIsDroppedAndTheNextStaleAnswerTriesAgain() async throws {
        let cache = try await Self.staleCache([.failure(Self.lost), .status(304)])
        try await cache.load()
        await cache.sut.backgroundRevalidationsFinished()

        let (body, response) = try await cache.load()
        await cache.sut.backgroundRevalidationsFinished()

        #expect(body == "a" && response.cacheOutcome == .stale)
        #expect(await cache.sent == 3)
        #expect(try await cache.load().response.cacheOutcome == .hit)
    }

    @Test(arguments: ["max-age=60, stale-while-revalidate=30, must-revalidate", "no-cache, stale-while-revalidate=30"])
    func theWindowNeverServesWhatTheResponseForbids(cacheControl: String) async throws {
        let cache = try await Self.staleCache(
            [.status(304)], headers: ["Cache-Control": cacheControl, "ETag": "\"v1\""])

        #expect(try await cache.load().response.cacheOutcome == .revalidated)
    }

    @Test(arguments: ["no-cache", "max-age=100", "min-fresh=1", "max-stale=5", "no-store"])
    func aRequestLimitingWhatItAcceptsWaitsForTheRevalidation(cacheControl: String) async throws {
        let cache = try await Self.staleCache([.status(304)])

        let response = try await cache.load(TestRequest(headers: ["Cache-Control": cacheControl])).response

        #expect(response.cacheOutcome == .revalidated)
    }

    @Test func onlyIfCachedGetsNoStaleAnswerFromTheWindow() async throws {
        let cache = try await Self.staleCache([])

        let response = try await cache.load(TestRequest(headers: ["Cache-Control": "only-if-cached"])).response

        #expect(response.statusCode == 504)
        #expect(await cache.sent == 1)
    }

    @Test func aCancelledCallerDoesNotCancelTheBackgroundRevalidation() async throws {
        let origin = Gate()
        let cache = try await Self.staleCache([.after(origin, .status(304, headers: ["Cache-Control": "max-age=120"]))])
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await cache.load().response.cacheOutcome
        }

        #expect(try await caller.value == .stale)
        await cache.origin.waitForRequests(count: 2)
        await origin.open()
        await cache.sut.backgroundRevalidationsFinished()
        #expect(try await cache.load().response.cacheOutcome == .hit)
    }

    @Test func theBackgroundRevalidationInheritsNoTaskLocalValue() async throws {
        let seen = RecordedValues<String?>()
        let clock = ManualClock()
        let origin = ScriptedHTTPClient { _ in
            seen.append(CallerMark.current)
            return (Data("a".utf8), HTTPResponse(statusCode: 200, headers: Self.windowed))
        }
        let sut = CachingHTTPClient(client: origin, store: MemoryHTTPCacheStore(), now: { clock.date })
        try await sut.load(request: TestRequest())
        clock.advance(by: .seconds(70))

        try await CallerMark.$current.withValue("caller") { try await sut.load(request: TestRequest()) }
        await sut.backgroundRevalidationsFinished()

        #expect(seen.values == [nil, nil])
    }
}

/// A task-local value a caller sets, to see whether the background revalidation inherits it.
private enum CallerMark {
    @TaskLocal static var current: String?
}
