import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

/// How long ``RetryingHTTPClient`` waits: backoff with jitter, the cap, and `Retry-After`.
struct RetryingHTTPClientDelayTests {
    @Test func doublesTheDelayUpToTheCap() async throws {
        let policy = RetryPolicy(maxAttempts: 6, baseDelay: .seconds(1), maxDelay: .seconds(4))
        let (sut, _, delays) = makeSUT(Array(repeating: .status(503), count: 6), policy: policy)

        try await sut.load(request: TestRequest())

        #expect(delays.values == [.seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
    }

    @Test func equalJitterKeepsHalfOfTheDelayFixed() async throws {
        let (least, _, leastDelays) = makeSUT([.status(503), .status(503), .status(503)], random: \.lowerBound)
        let ranges = RecordedValues<ClosedRange<Double>>()
        let (middle, _, middleDelays) = makeSUT([.status(503), .status(503), .status(503)]) { range in
            ranges.append(range)
            return (range.lowerBound + range.upperBound) / 2
        }

        try await least.load(request: TestRequest())
        try await middle.load(request: TestRequest())

        #expect(leastDelays.values == [.milliseconds(500), .seconds(1)])
        #expect(middleDelays.values == [.milliseconds(750), .milliseconds(1_500)])
        #expect(ranges.values == [0...1, 0...1])
    }

    @Test func waitsAsLongAsRetryAfterSecondsAsks() async throws {
        let (sut, client, delays) = makeSUT([.status(503, headers: ["retry-after": "7"]), .status(200)])

        try await sut.load(request: TestRequest())

        #expect(delays.values == [.seconds(7)])
        #expect(await client.requests.count == 2)
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func waitsUntilARetryAfterDateMeasuredFromTheResponsesDate(_ date: String) async throws {
        let sent = "Sun, 06 Nov 1994 08:49:32 GMT"  // five seconds before the Retry-After date
        let (sut, _, delays) = makeSUT([.status(429, headers: ["Retry-After": date, "Date": sent]), .status(200)])

        try await sut.load(request: TestRequest())

        #expect(delays.values == [.seconds(5)])
    }

    @Test func retriesAtOnceWhenTheRetryAfterDateIsBeforeTheResponsesDate() async throws {
        let (sut, _, delays) = makeSUT([
            .status(
                503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT", "Date": "Sun, 06 Nov 1994 08:50:00 GMT"]),
            .status(200),
        ])

        try await sut.load(request: TestRequest())

        #expect(delays.values == [.zero])
    }

    @Test(arguments: ["31", "99999999999999999999999", "Mon, 07 Nov 1994 08:49:37 GMT"])
    func givesUpWhenRetryAfterAsksForMoreThanTheCap(_ retryAfter: String) async throws {
        let (sut, client, delays) = makeSUT([
            .status(503, body: "busy", headers: ["Retry-After": retryAfter, "Date": "Sun, 06 Nov 1994 08:49:37 GMT"])
        ])

        let (data, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == 503 && data == Data("busy".utf8))
        #expect(await client.requests.count == 1)
        #expect(delays.count == 0)
    }

    @Test(arguments: ["soon", "-5", "1.5", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", ""])
    func fallsBackToBackoffWhenRetryAfterIsUnreadable(_ retryAfter: String) async throws {
        let sent = "Sun, 06 Nov 1994 08:49:30 GMT"
        let (sut, _, delays) = makeSUT([
            .status(503, headers: ["Retry-After": retryAfter, "Date": sent]), .status(200),
        ])

        try await sut.load(request: TestRequest())

        #expect(delays.values == [.seconds(1)])
    }

    @Test(arguments: [nil, "yesterday"])
    func fallsBackToBackoffWhenARetryAfterDateHasNoResponseDateToBeMeasuredFrom(_ sent: String?) async throws {
        var headers: HTTPHeaders = ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"]
        headers["Date"] = sent
        let (sut, _, delays) = makeSUT([.status(503, headers: headers), .status(200)])

        try await sut.load(request: TestRequest())

        #expect(delays.values == [.seconds(1)])
    }

    @Test func ignoresRetryAfterOnStatusesThatAreNotRetried() async throws {
        let (sut, client, delays) = makeSUT([.status(404, headers: ["Retry-After": "1"]), .status(200)])

        let (_, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == 404)
        #expect(await client.requests.count == 1 && delays.count == 0)
    }

    private func makeSUT(
        _ replies: [Reply],
        policy: RetryPolicy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(30)),
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = \.upperBound
    ) -> (sut: any HTTPClient, client: ScriptedHTTPClient, delays: RecordedValues<Duration>) {
        let client = ScriptedHTTPClient(replies: replies)
        let delays = RecordedValues<Duration>()
        let sut = RetryingHTTPClient(
            client: client, policy: policy, clock: TestClock { delays.append($0) }, random: random)
        return (sut, client, delays)
    }
}
