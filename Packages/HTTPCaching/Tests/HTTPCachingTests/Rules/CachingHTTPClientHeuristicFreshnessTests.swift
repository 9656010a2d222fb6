import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Heuristic freshness (RFC 9111, 4.2.2): a response stating no freshness stays fresh for a fraction of the time
/// since its `Last-Modified`, within a limit.
struct CachingHTTPClientHeuristicFreshnessTests {
    /// The manual clock's first date.
    private static let date = "Sun, 06 Nov 1994 08:49:37 GMT"
    private static let thousandSecondsEarlier = "Sun, 06 Nov 1994 08:32:57 GMT"
    private static let threeWeeksEarlier = "Sun, 16 Oct 1994 08:49:37 GMT"
    /// Unchanged for 1000 s when sent: fresh for 100 s by default.
    private static let unchanged: HTTPHeaders = ["Date": date, "Last-Modified": thousandSecondsEarlier]

    /// Whether a response with `headers`, stored at the clock's start, is answered from the store after
    /// `seconds - 1` and revalidated after `seconds`.
    private static func staysFresh(
        for seconds: Int, status: Int = 200, headers: HTTPHeaders = unchanged,
        policy: HTTPCachePolicy = HTTPCachePolicy()
    ) async throws -> Bool {
        let cache = CachingSUT(
            [.status(status, body: "a", headers: headers), .status(304)], policy: policy)
        try await cache.load()
        if seconds > 0 {
            cache.advance(seconds: seconds - 1)
            guard try await cache.load().response.cacheOutcome == .hit else { return false }
            cache.advance(seconds: 1)
        }
        let (body, response) = try await cache.load()
        return body == "a" && response.cacheOutcome == .revalidated && response.statusCode == status
    }

    @Test func aResponseStaysFreshForATenthOfTheTimeSinceLastModified() async throws {
        #expect(try await Self.staysFresh(for: 100))
    }

    @Test func withoutDateTheTimeCountsUpToTheArrival() async throws {
        #expect(try await Self.staysFresh(for: 100, headers: ["Last-Modified": Self.thousandSecondsEarlier]))
    }

    @Test func theTimeCountsUpToDateAndTheAgeSinceDateIsSpent() async throws {
        let headers: HTTPHeaders = [
            "Date": "Sun, 06 Nov 1994 08:48:57 GMT", "Last-Modified": "Sun, 06 Nov 1994 08:32:17 GMT",
        ]

        #expect(try await Self.staysFresh(for: 60, headers: headers), "100 s from Date, 40 s of it spent on arrival")
    }

    @Test func theLifetimeIsAtMostOneDayByDefault() async throws {
        let headers: HTTPHeaders = ["Date": Self.date, "Last-Modified": Self.threeWeeksEarlier]

        #expect(try await Self.staysFresh(for: 86_400, headers: headers))
    }

    @Test func thePolicySetsTheFractionAndTheLimit() async throws {
        var policy = HTTPCachePolicy()
        policy.heuristicFreshness = 0.5
        #expect(try await Self.staysFresh(for: 500, policy: policy))

        policy.heuristicFreshnessLimit = .seconds(30)
        #expect(try await Self.staysFresh(for: 30, policy: policy))
    }

    @Test func nilTurnsTheHeuristicOff() async throws {
        var policy = HTTPCachePolicy()
        policy.heuristicFreshness = nil

        #expect(try await Self.staysFresh(for: 0, policy: policy))
    }

    @Test(arguments: [["Cache-Control": "max-age=10"], ["Expires": "Sun, 06 Nov 1994 08:49:47 GMT"]] as [HTTPHeaders])
    func explicitFreshnessWinsOverTheHeuristic(freshness: HTTPHeaders) async throws {
        #expect(try await Self.staysFresh(for: 10, headers: Self.unchanged.merging(freshness)))
    }

    @Test func theDefaultFreshnessWinsOverTheHeuristic() async throws {
        #expect(try await Self.staysFresh(for: 10, policy: HTTPCachePolicy(defaultFreshness: .seconds(10))))
    }

    @Test(
        arguments: [
            ["Cache-Control": "no-cache"], ["Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"],
            ["Last-Modified": "yesterday"],
        ] as [HTTPHeaders])
    func noHeuristicWithNoCacheOrWithoutAnEarlierLastModified(headers: HTTPHeaders) async throws {
        #expect(try await Self.staysFresh(for: 0, headers: Self.unchanged.merging(headers)))
    }

    @Test(arguments: [201, 206, 302, 307, 403, 503, 599])
    func statusesNotCacheableByDefaultGetNoHeuristic(status: Int) async throws {
        let cache = CachingSUT([.status(status, headers: Self.unchanged), .status(status)])
        try await cache.load()

        try await cache.load()

        #expect(await cache.sent == 2 && cache.store.count == 0)
    }

    @Test(arguments: [404, 410, 501])
    func errorsCacheableByDefaultGetTheHeuristic(status: Int) async throws {
        #expect(try await Self.staysFresh(for: 100, status: status))
    }

    @Test func publicLetsAnyStatusGetTheHeuristic() async throws {
        let headers = Self.unchanged.merging(["Cache-Control": "public"])

        #expect(try await Self.staysFresh(for: 100, status: 599, headers: headers))
    }

    @Test func aRevalidationCountsTheLifetimeAgainFromTheNewDate() async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: Self.unchanged),
            .status(304, headers: ["Date": "Sun, 06 Nov 1994 08:51:17 GMT"]), .status(304),
        ])
        try await cache.load()
        cache.advance(seconds: 100)
        #expect(try await cache.load().response.cacheOutcome == .revalidated)

        cache.advance(seconds: 109)
        #expect(try await cache.load().response.cacheOutcome == .hit, "1100 s unchanged at the 304: 110 s fresh")
        cache.advance(seconds: 1)
        #expect(try await cache.load().response.cacheOutcome != .hit)
    }
}
