import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct DeadlineBoundHTTPClientStreamingTests {
    struct Expired: Error, Equatable {}

    @Test func aStreamWithinTheDeadlinePassesThrough() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["ma", "de"])])
        let upload = CountingChunks(["up"])
        let sut = client.bounded(by: SharedDeadline(after: .seconds(1), clock: TestClock()))

        #expect(try await sut.streamText(body: upload.body) == "made")
        #expect(await client.requests.first?.body == Data("up".utf8) && upload.starts.count == 1)
    }

    @Test func aStreamAfterTheDeadlineFailsWithoutBeingSent() async throws {
        let clock = TestClock()
        let deadline = SharedDeadline(after: .seconds(1), clock: clock, expired: { Expired() })
        let client = StreamingScriptedHTTPClient(replies: [.status(200)])
        let received = RecordedValues<Int>()
        clock.advance(by: .seconds(1))

        await #expect(throws: Expired()) {
            try await client.bounded(by: deadline).stream(request: TestRequest(), body: nil, progress: nil) {
                response, _ in received.append(response.statusCode)
            }
        }
        #expect(await client.requests.isEmpty && received.count == 0)
    }

    @Test func theDeadlineCoversReceiveAndCancelsAStreamStillReadingAtIt() async throws {
        let (timer, reading) = (Gate(), Gate())
        let innerErrors = RecordedValues<String>()
        let clock = TestClock { _ in try await timer.wait() }
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(.status(200), steps: [.chunk(Data("a".utf8)), .wait(Gate())])
        ])
        let sut = client.bounded(by: SharedDeadline(after: .seconds(3), clock: clock, expired: { Expired() }))

        let stream = Task {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                await reading.open()
                do {
                    return try await body.collect(upTo: 10)
                } catch {
                    innerErrors.append(String(describing: type(of: error)))
                    throw error
                }
            }
        }
        try await reading.wait()
        clock.advance(by: .seconds(3))
        await timer.open()

        await #expect(throws: Expired()) { try await stream.value }
        #expect(innerErrors.values == ["CancellationError"])
    }

    @Test func streamsOneAfterTheOtherShareTheDeadlinesTime() async throws {
        let clock = TestClock()
        let deadline = SharedDeadline(after: .seconds(10), clock: clock, expired: { Expired() })
        let client = StreamingScriptedHTTPClient(replies: [.status(200), .status(200)])
        let sut = client.bounded(by: deadline)

        try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in
            clock.advance(by: .seconds(10))  // the first stream spends the whole budget in receive
        }

        await #expect(throws: Expired()) { try await sut.streamText() }
        #expect(await client.requests.count == 1)
    }

    @Test func aCancelledCallerGetsItsOwnCancellation() async throws {
        let reading = Gate()
        let client = StreamingScriptedHTTPClient(replies: [StreamedReply(.status(200), steps: [.wait(Gate())])])
        let sut = client.bounded(by: SharedDeadline(after: .seconds(3), clock: TestClock(), expired: { Expired() }))

        let stream = Task {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                await reading.open()
                return try await body.collect(upTo: 10)
            }
        }
        try await reading.wait()
        stream.cancel()

        await #expect(throws: CancellationError.self) { try await stream.value }
    }
}
