import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct RetryingHTTPClientAttemptTests {
    @Test func eachLoadAttemptRunsWithItsResendCount() async throws {
        let resends = RecordedValues<Int>()
        let client = ScriptedHTTPClient(replies: [.status(503), .status(502), .status(200)])
        let sut = RetryingHTTPClient(
            client: HookedHTTPClient(client, beforeLoad: { resends.append(HTTPLoadObservation.current.resendCount) }),
            policy: RetryPolicy(baseDelay: .seconds(1)), clock: TestClock { _ in }, random: \.upperBound)

        try await sut.load(request: TestRequest())

        #expect(resends.values == [0, 1, 2])
    }

    @Test func eachStreamAttemptRunsWithItsResendCount() async throws {
        let resends = RecordedValues<Int>()
        let client = StreamingScriptedHTTPClient(replies: [.status(503, chunks: ["busy"]), .status(200)])
        let hooked = HookedHTTPClient(
            client, before: { _, _ in resends.append(HTTPLoadObservation.current.resendCount) })
        let sut = RetryingHTTPClient(
            client: hooked, policy: RetryPolicy(baseDelay: .seconds(1)), clock: TestClock { _ in },
            random: \.upperBound)

        let status = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { response, _ in
            response.statusCode
        }

        #expect(status == 200)
        #expect(resends.values == [0, 1])
    }

    @Test func eachAttemptKeepsTheObserversInPlace() async throws {
        let load = RecordingLoadObserver()
        let heard = RecordedValues<Bool>()
        let client = ScriptedHTTPClient(replies: [.status(503), .status(200)])
        let sut = RetryingHTTPClient(
            client: HookedHTTPClient(client, beforeLoad: { heard.append(HTTPLoadObservation.current.hearsExchanges) }),
            policy: RetryPolicy(baseDelay: .seconds(1)), clock: TestClock { _ in }, random: \.upperBound)

        try await load.observing { try await sut.load(request: TestRequest()) }

        #expect(heard.values == [true, true])
    }

    @Test func outsideAnyRetryTheResendCountIsZero() {
        #expect(HTTPLoadObservation.current.resendCount == 0)
    }
}
