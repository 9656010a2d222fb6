import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct TimeoutHTTPClientTests {
    @Test func timesOutAndCancelsTheLoadBelowIt() async throws {
        let (clock, timer, innerErrors) = (TestClock(), Gate(), RecordedValues<String>())
        let client = ScriptedHTTPClient.waitingForCancellation(recordingErrorsIn: innerErrors)
        let sut = TimeoutHTTPClient(
            client: client, duration: .milliseconds(2_500),
            clock: TestClock(sharing: clock, sleep: { _ in try await timer.wait() }))

        let load = Task { try await sut.load(request: TestRequest()) }
        await client.waitForRequests(count: 1)
        clock.advance(by: .milliseconds(2_500))
        await timer.open()

        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await load.value
        }
        #expect(thrown?.matches(.timedOut(underlying: TimeoutError(duration: .milliseconds(2_500)))) == true)
        #expect(thrown?.underlyingDescription == "no response within 2.5 s")
        #expect(innerErrors.values == ["CancellationError"])
    }

    @Test func aFastLoadPassesThroughUntouchedAndItsDeadlineTouchesNoLaterLoad() async throws {
        let (clock, timer, reply, asleepAgain) = (TestClock(), Gate(), Gate(), Countdown(2))
        let client = ScriptedHTTPClient(replies: [
            .status(201, body: "made", headers: ["A": "1"]), .after(reply, .status(200, body: "second")),
        ])
        let sut = TimeoutHTTPClient(
            client: client, duration: .seconds(1),
            clock: TestClock(
                sharing: clock,
                sleep: { _ in
                    asleepAgain.record()
                    try await (asleepAgain.current == 1 ? timer : Gate()).wait()  // only the first wait ends
                }))
        let request = TestRequest(method: .post, headers: ["B": "2"], body: Data("x".utf8))

        let (data, response) = try await sut.load(request: request)
        clock.advance(by: .milliseconds(1_500))  // past the first load's deadline, not the second's
        let second = Task { try await sut.load(request: TestRequest()) }
        await client.waitForRequests(count: 2)
        await timer.open()
        try await asleepAgain.reached.wait()  // the timer woke, found nothing due, and waits again
        await reply.open()

        #expect(data == Data("made".utf8) && response == HTTPResponse(statusCode: 201, headers: ["A": "1"]))
        #expect(await client.requests.first == HTTPRequestSnapshot(request))
        #expect(try await second.value.0 == Data("second".utf8))
    }

    @Test func aFailingLoadRethrowsItsOwnError() async throws {
        let sut = TimeoutHTTPClient(
            client: ScriptedHTTPClient(replies: [.failure(AnyError(name: "own"))]), duration: .seconds(1),
            clock: TestClock())

        await #expect(throws: AnyError(name: "own")) { try await sut.load(request: TestRequest()) }
    }

    @Test func aCancelledCallerGetsCancellationNotATimeout() async throws {
        let client = ScriptedHTTPClient(replies: [.after(Gate(), .status(200))])
        let sut = TimeoutHTTPClient(client: client, duration: .seconds(1), clock: TestClock())

        let load = Task { try await sut.load(request: TestRequest()) }
        await client.waitForRequests(count: 1)
        load.cancel()

        await #expect(throws: CancellationError.self) { try await load.value }
    }

    @Test func aCancelledCallerGetsCancellationEvenWhenTheTimeRunsOutMeanwhile() async throws {
        let (clock, timer) = (TestClock(), Gate())
        let client = ScriptedHTTPClient(replies: [.after(Gate(), .status(200))])
        let sut = TimeoutHTTPClient(
            client: client, duration: .seconds(1),
            clock: TestClock(sharing: clock, sleep: { _ in try await timer.wait() }))

        let load = Task { try await sut.load(request: TestRequest()) }
        await client.waitForRequests(count: 1)
        load.cancel()
        clock.advance(by: .seconds(1))
        await timer.open()

        await #expect(throws: CancellationError.self) { try await load.value }
    }

    @Test func retryInsideNeverWaitsPastTheDeadlineAndReturnsTheLastResponse() async throws {
        let clock = TestClock()
        let client = ScriptedHTTPClient(replies: [
            .status(503, headers: ["Retry-After": "3"]), .status(503, body: "last", headers: ["Retry-After": "8"]),
            .status(200),
        ])
        let (retrying, delays) = makeRetrying(client, clock: clock)
        let sut = TimeoutHTTPClient(
            client: retrying, duration: .seconds(10),
            clock: TestClock(
                sharing: clock,
                sleep: { _ in
                    try await Gate().wait()
                }))

        let (data, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == 503 && data == Data("last".utf8))
        #expect(delays.values == [.seconds(3)])
        #expect(await client.requests.count == 2)
    }

    @Test func retryInsideRethrowsTheLastErrorWhenTheBackoffWouldOverrunTheDeadline() async throws {
        let clock = TestClock()
        let last = HTTPTransportError.cannotConnect(underlying: TestFailure("second"))
        let client = ScriptedHTTPClient(replies: [
            .failure(HTTPTransportError.connectionLost(underlying: TestFailure("first"))), .failure(last), .status(200),
        ])
        let (retrying, delays) = makeRetrying(client, clock: clock)
        let sut = TimeoutHTTPClient(
            client: retrying, duration: .milliseconds(1_500),
            clock: TestClock(
                sharing: clock,
                sleep: { _ in
                    try await Gate().wait()
                }))

        let thrown = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
        #expect(thrown?.matches(last) == true)
        #expect(delays.values == [.seconds(1)])
    }

    @Test(arguments: [(outer: 5, inner: 30), (outer: 30, inner: 5)])
    func nestedTimeoutsKeepTheEarliestDeadline(_ seconds: (outer: Int, inner: Int)) async throws {
        let clock = TestClock()
        let client = ScriptedHTTPClient.always(503, headers: ["Retry-After": "4"])
        let (retrying, delays) = makeRetrying(client, clock: clock)
        let inner = TimeoutHTTPClient(
            client: retrying, duration: .seconds(seconds.inner),
            clock: TestClock(
                sharing: clock,
                sleep: { _ in
                    try await Gate().wait()
                }))
        let sut = TimeoutHTTPClient(
            client: inner, duration: .seconds(seconds.outer),
            clock: TestClock(
                sharing: clock,
                sleep: { _ in
                    try await Gate().wait()
                }))

        let (_, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == 503)
        #expect(delays.values == [.seconds(4)])  // 4 s fits in 5 s; a second wait would end at 8 s
    }

    @Test func retryOutsideATimeoutRetriesEachTimedOutAttempt() async throws {
        let (clock, timer, sleeps) = (TestClock(), Gate(), RecordedValues<Duration>())
        let client = ScriptedHTTPClient(replies: [.after(Gate(), .status(200)), .status(200, body: "second")])
        let timeout = TimeoutHTTPClient(
            client: client, duration: .seconds(1),
            clock: TestClock(
                sharing: clock,
                sleep: { duration in
                    sleeps.append(duration)
                    try await (sleeps.count == 1 ? timer : Gate()).wait()  // only the first wait ends
                }))
        let sut = RetryingHTTPClient(client: timeout, clock: TestClock { _ in }, random: \.lowerBound)

        let load = Task { try await sut.load(request: TestRequest()) }
        await client.waitForRequests(count: 1)
        clock.advance(by: .seconds(1))
        await timer.open()
        let (data, _) = try await load.value

        #expect(data == Data("second".utf8))
        #expect(await client.requests.count == 2)
    }

    @Test func chainingWrapsTheClient() async throws {
        let sut = ScriptedHTTPClient.always(200, body: "ok").timingOut(after: .seconds(60))

        let (data, _) = try await sut.load(request: TestRequest())

        #expect(data == Data("ok".utf8))
    }

    @Test func releasesTheClientAndStopsItsTimerWhenDropped() async throws {
        let stopped = Gate()
        func useAndDrop() async throws -> WeakReference<ScriptedHTTPClient> {
            let client = ScriptedHTTPClient(replies: [.status(200)])
            let sut = TimeoutHTTPClient(
                client: client, duration: .seconds(1),
                clock: TestClock.cancelledSleeps(open: stopped))
            try await sut.load(request: TestRequest())
            return WeakReference(client)
        }

        let client = try await useAndDrop()

        #expect(client.object == nil)
        try await stopped.wait()  // the waiting timer task was cancelled with the client
    }

    /// A retrying client over `client` whose waits move `clock` forward instead of sleeping.
    private func makeRetrying(
        _ client: ScriptedHTTPClient, clock: TestClock
    ) -> (client: any HTTPClient, delays: RecordedValues<Duration>) {
        let delays = RecordedValues<Duration>()
        let sut = RetryingHTTPClient(
            client: client, policy: RetryPolicy(maxAttempts: 5, baseDelay: .seconds(1)),
            clock: TestClock(sharing: clock) { delay in
                delays.append(delay)
                clock.advance(by: delay)
            }, random: \.upperBound)
        return (sut, delays)
    }
}
