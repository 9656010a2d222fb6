import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct TimeoutHTTPClientStreamTests {
    @Test func timesOutWhenTheHeadIsLateAndCancelsTheStreamBelow() async throws {
        let (clock, innerErrors) = (TestClock.stepping(), RecordedValues<String>())
        let client = ScriptedHTTPClient.waitingForCancellation(recordingErrorsIn: innerErrors)
        let sut = TimeoutHTTPClient(client: client, duration: .seconds(5), idle: .seconds(2), clock: clock)

        let transfer = Task { try await sut.streamText(TestRequest()) }
        await client.waitForRequests(count: 1)
        clock.advance(by: .seconds(5))

        let thrown = await #expect(throws: HTTPTransportError.self) { try await transfer.value }
        #expect(thrown?.matches(.timedOut(underlying: TimeoutError(duration: .seconds(5)))) == true)
        #expect(thrown?.underlyingDescription == "no response within 5 s")
        #expect(innerErrors.values == ["CancellationError"])
    }

    @Test func timesOutABodyThatStallsLongerThanTheIdleTime() async throws {
        let (clock, stalled) = (TestClock.stepping(), Gate())
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(.status(200), steps: [.chunk(Data("a".utf8)), .wait(stalled), .chunk(Data("b".utf8))])
        ])
        let sut = client.timingOut(after: .seconds(60), idle: .seconds(2), clock: clock)
        let (received, seenByReceive) = (RecordedValues<Data>(), RecordedValues<String>())

        let transfer = Task {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                do {
                    for try await chunk in body { received.append(chunk) }
                } catch {
                    seenByReceive.append(String(describing: error))
                    throw error
                }
            }
        }
        while await stalled.waiterCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(2))

        let thrown = await #expect(throws: HTTPTransportError.self) { try await transfer.value }
        let stall = TimeoutError(duration: .seconds(2), waitingFor: .bodyChunk)
        #expect(thrown?.matches(.timedOut(underlying: stall)) == true)
        #expect(thrown?.underlyingDescription == "no body bytes within 2 s")
        #expect(received.values == [Data("a".utf8)])
        #expect(seenByReceive.values == [String(describing: HTTPTransportError.timedOut(underlying: stall))])
    }

    @Test func neverCutsASlowButSteadyBodyNorCountsTheCallersOwnTime() async throws {
        let clock = TestClock.stepping()
        let gates = (0..<6).map { _ in Gate() }
        let steps = gates.flatMap { gate -> [StreamedReply.Step] in [.wait(gate), .chunk(Data("x".utf8))] }
        let client = StreamingScriptedHTTPClient(replies: [StreamedReply(.status(200), steps: steps)])
        let sut = TimeoutHTTPClient(client: client, duration: .seconds(5), idle: .seconds(2), clock: clock)

        let transfer = Task {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                var count = 0
                for try await _ in body {
                    count += 1
                    clock.advance(by: .seconds(10))  // the caller's own work between reads
                }
                return count
            }
        }
        for gate in gates {
            while await gate.waiterCount == 0 { await Task.yield() }
            clock.advance(by: .milliseconds(1_500))  // each chunk within the idle time; 9 s in all, past the 5 s
            await gate.open()
        }

        #expect(try await transfer.value == 6)
    }

    @Test func theHeadTimeoutEndsWhenTheHeadArrives() async throws {
        let clock = TestClock.stepping()
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["ok"])])
        let sut = TimeoutHTTPClient(client: client, duration: .seconds(5), idle: .seconds(2), clock: clock)

        let text = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            clock.advance(by: .seconds(30))  // long past the head timeout, before reading
            return String(decoding: try await body.collect(upTo: .max), as: UTF8.self)
        }

        #expect(text == "ok")
    }

    @Test func aCancelledCallerGetsCancellationNotATimeout() async throws {
        let (clock, stalled) = (TestClock.stepping(), Gate())
        let client = StreamingScriptedHTTPClient(replies: [StreamedReply(.status(200), steps: [.wait(stalled)])])
        let sut = TimeoutHTTPClient(client: client, duration: .seconds(1), clock: clock)

        let transfer = Task { try await sut.streamText(TestRequest()) }
        while await stalled.waiterCount == 0 { await Task.yield() }
        transfer.cancel()

        await #expect(throws: CancellationError.self) { try await transfer.value }
    }

    @Test func passesTheAnswerTheBodyAndTheProgressThrough() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(.status(201, headers: ["A": "1"]), steps: [.chunk(Data("ok".utf8))], length: .known(2))
        ])
        let sut = TimeoutHTTPClient(client: client, duration: .seconds(1), clock: TestClock.stepping())
        let reports = RecordedValues<HTTPTransferProgress>()
        let progress: @Sendable (HTTPTransferProgress) -> Void = { reports.append($0) }

        let (response, text) = try await sut.stream(
            request: TestRequest(method: .post), body: HTTPBody(Data("up".utf8)), progress: progress
        ) { response, body in (response, String(decoding: try await body.collect(upTo: .max), as: UTF8.self)) }

        #expect(response == HTTPResponse(statusCode: 201, headers: ["A": "1"]) && text == "ok")
        #expect(await client.requests.map(\.body) == [Data("up".utf8)])
        #expect(reports.values.last?.bytesReceived == 2)
    }

    @Test func retryInsideNeverWaitsPastTheHeadDeadline() async throws {
        let clock = TestClock.stepping()
        let client = StreamingScriptedHTTPClient(replies: [
            StreamFixtures.unreadable(503), .status(503, chunks: ["last"], headers: ["Retry-After": "9"]),
            .status(200),
        ])
        let retrying = RetryingHTTPClient(
            client: client, policy: RetryPolicy(maxAttempts: 5, baseDelay: .seconds(2)),
            clock: TestClock { clock.advance(by: $0) }, random: \.upperBound)
        let sut = TimeoutHTTPClient(client: retrying, duration: .seconds(10), clock: clock)

        let text = try await sut.streamText(TestRequest())

        #expect(text == "last")  // 2 s of backoff fit; the 9 s asked for next would end past the 10 s
        #expect(await client.requests.count == 2)
    }

    @Test func retryOutsideResendsALateHeadButNeverAStalledBody() async throws {
        let (clock, held, stalled) = (TestClock.stepping(), Gate(), Gate())
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(.status(200), steps: [.chunk(Data("a".utf8)), .wait(stalled)]), .status(200),
        ])
        let timeout = TimeoutHTTPClient(
            client: HookedHTTPClient(client, before: { call, _ in if call == 1 { try await held.wait() } }),
            duration: .seconds(5), idle: .seconds(2),
            clock: clock)
        let sut = RetryingHTTPClient(client: timeout, clock: TestClock { _ in }, random: \.upperBound)

        let transfer = Task { try await sut.streamText(TestRequest()) }
        while await held.waiterCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(5))  // the first head is late: a transient timeout, sent again
        while await stalled.waiterCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(2))  // the second answer's body stalls after it reached the caller

        let thrown = await #expect(throws: HTTPTransportError.self) { try await transfer.value }
        #expect(
            thrown?.matches(.timedOut(underlying: TimeoutError(duration: .seconds(2), waitingFor: .bodyChunk)))
                == true)
        #expect(await client.requests.count == 1)
    }

    @Test func releasesTheClientAndStopsItsTimerWhenDroppedAfterAStream() async throws {
        let stopped = Gate()
        func useAndDrop() async throws -> WeakReference<StreamingScriptedHTTPClient> {
            let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["ok"])])
            let sut = TimeoutHTTPClient(
                client: client, duration: .seconds(1),
                clock: TestClock.cancelledSleeps(open: stopped))
            #expect(try await sut.streamText(TestRequest()) == "ok")
            return WeakReference(client)
        }

        let client = try await useAndDrop()

        #expect(client.object == nil)
        try await stopped.wait()  // the waiting timer task was cancelled with the client
    }
}
