import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct DeadlineBoundHTTPClientTests {
    struct Expired: Error, Equatable {}

    @Test func aLoadWithinTheDeadlinePassesThrough() async throws {
        let client = ScriptedHTTPClient(replies: [.status(201, body: "made")])
        let sut = client.bounded(by: SharedDeadline(after: .seconds(1), clock: TestClock()))

        let (data, response) = try await sut.load(request: TestRequest())

        #expect(data == Data("made".utf8) && response.statusCode == 201)
    }

    @Test func aLoadAfterTheDeadlineFailsWithoutBeingSent() async throws {
        let clock = TestClock()
        let deadline = SharedDeadline(after: .seconds(1), clock: clock, expired: { Expired() })
        let client = ScriptedHTTPClient(replies: [.status(200)])
        clock.advance(by: .seconds(1))

        await #expect(throws: Expired()) { try await client.bounded(by: deadline).load(request: TestRequest()) }
        #expect(await client.requests.isEmpty)
        #expect(deadline.remaining == .zero)
    }

    @Test func clientsSharingADeadlineShareItsTime() async throws {
        let clock = TestClock()
        let deadline = SharedDeadline(after: .seconds(10), clock: clock, expired: { Expired() })
        let first = ScriptedHTTPClient { _ in
            clock.advance(by: .seconds(10))  // the first load spends the whole budget
            return (Data(), HTTPResponse(statusCode: 200))
        }
        let second = ScriptedHTTPClient(replies: [.status(200)])

        try await first.bounded(by: deadline).load(request: TestRequest())

        await #expect(throws: Expired()) { try await second.bounded(by: deadline).load(request: TestRequest()) }
        #expect(await second.requests.isEmpty)
    }

    @Test func aLoadStillRunningAtTheDeadlineIsCancelledAndFailsWithTheDeadlinesError() async throws {
        let (timer, innerErrors) = (Gate(), RecordedValues<String>())
        let clock = TestClock { _ in try await timer.wait() }
        let client = ScriptedHTTPClient.waitingForCancellation(recordingErrorsIn: innerErrors)
        let sut = client.bounded(by: SharedDeadline(after: .seconds(3), clock: clock, expired: { Expired() }))

        let load = Task { try await sut.load(request: TestRequest()) }
        await client.waitForRequests(count: 1)
        clock.advance(by: .seconds(3))
        await timer.open()

        await #expect(throws: Expired()) { try await load.value }
        #expect(innerErrors.values == ["CancellationError"])
    }

    @Test func aTimeoutBelowThatEndsBeforeTheDeadlineIsKept() async throws {
        let inner = HTTPTransportError.timedOut(underlying: TestFailure("request timeout"))
        let client = ScriptedHTTPClient(replies: [.failure(inner)])
        let sut = client.bounded(by: SharedDeadline(after: .seconds(3), clock: TestClock(), expired: { Expired() }))

        let thrown = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
        #expect(thrown?.matches(inner) == true)
    }

    @Test func theDefaultErrorIsATimeoutNamingTheTotal() async throws {
        let clock = TestClock()
        let deadline = SharedDeadline(after: .milliseconds(2_500), clock: clock)
        clock.advance(by: .seconds(3))

        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await ScriptedHTTPClient(replies: []).bounded(by: deadline).load(request: TestRequest())
        }
        #expect(thrown?.matches(.timedOut(underlying: TimeoutError(duration: .milliseconds(2_500)))) == true)
        #expect(thrown?.underlyingDescription == "no response within 2.5 s")
        #expect(deadline.total == .milliseconds(2_500))
    }

    @Test func retryInsideNeverWaitsPastTheDeadline() async throws {
        let clock = TestClock()
        let client = ScriptedHTTPClient.always(503, headers: ["Retry-After": "4"])
        let delays = RecordedValues<Duration>()
        let retrying = client.retrying(
            RetryPolicy(maxAttempts: 5),
            clock: TestClock(sharing: clock) { delay in
                delays.append(delay)
                clock.advance(by: delay)
            })

        let (_, response) = try await retrying.bounded(by: SharedDeadline(after: .seconds(6), clock: clock))
            .load(request: TestRequest())

        #expect(response.statusCode == 503)
        #expect(delays.values == [.seconds(4)])  // a second wait would end at 8 s
    }

    @Test func releasesTheClientAfterUse() async throws {
        func useAndDrop() async throws -> WeakReference<ScriptedHTTPClient> {
            let client = ScriptedHTTPClient.always(200)
            try await client.bounded(by: SharedDeadline(after: .seconds(1))).load(request: TestRequest())
            return WeakReference(client)
        }

        #expect(try await useAndDrop().object == nil)
    }
}
