import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct RetryingHTTPClientStreamTests {
    @Test func resendsAReplayableBodyAndLeavesTheRetriedAnswerUnread() async throws {
        let (sut, client, delays) = makeSUT([StreamFixtures.unreadable(503), .status(200, chunks: ["o", "k"])])

        let text = try await sut.streamText(TestRequest(method: .put), body: HTTPBody(Data("up".utf8)))

        #expect(text == "ok")
        #expect(await client.requests.map(\.body) == [Data("up".utf8), Data("up".utf8)])
        #expect(delays.values == [.seconds(1)])
    }

    @Test func resendsTheRequestsOwnBodyAfterATransientFailureBeforeTheHead() async throws {
        let client = ScriptedHTTPClient(replies: [
            .failure(HTTPTransportError.connectionLost(underlying: TestFailure("dropped"))),
            .status(200, body: "ok"),
        ])
        let sut = RetryingHTTPClient(client: client, clock: TestClock { _ in }, random: \.upperBound)
        let request = TestRequest(method: .put, body: Data("own".utf8))

        let text = try await sut.streamText(request)

        #expect(text == "ok")
        #expect(await client.requests == [HTTPRequestSnapshot(request), HTTPRequestSnapshot(request)])
    }

    @Test func handsAFailureBeforeTheHeadToTheCallerWhenTheBodyIsSinglePass() async throws {
        let lost = HTTPTransportError.connectionLost(underlying: TestFailure("dropped"))
        let client = ScriptedHTTPClient(replies: [.failure(lost), .status(200)])
        let sut = RetryingHTTPClient(client: client, clock: TestClock { _ in }, random: \.upperBound)

        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await sut.streamText(TestRequest(method: .put), body: StreamFixtures.singlePass("up"))
        }

        #expect(thrown?.matches(lost) == true)
        #expect(await client.requests.map(\.body) == [Data("up".utf8)])
    }

    @Test func retriesAnAnswerItDiscardedEvenWhenStoppingItsTransferFails() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            StreamFixtures.unreadable(503), .status(200, chunks: ["ok"]),
        ])
        let sut = RetryingHTTPClient(
            client: HookedHTTPClient(
                client,
                after: { call in
                    if call == 1 { throw AnyError(name: "the transfer did not stop cleanly") }
                }),
            clock: TestClock { _ in }, random: \.upperBound)

        let text = try await sut.streamText(TestRequest())

        #expect(text == "ok")
        #expect(await client.requests.count == 2)
    }

    @Test func sendsASinglePassBodyOnceAndHandsBackTheFirstAnswer() async throws {
        let (sut, client, delays) = makeSUT([.status(503, chunks: ["busy"]), .status(200, chunks: ["ok"])])

        let text = try await sut.streamText(TestRequest(method: .put), body: StreamFixtures.singlePass("up"))

        #expect(text == "busy")
        let sent = await client.requests
        #expect(sent.count == 1 && sent.first?.body == Data("up".utf8) && sent.first?.bodyError == nil)
        #expect(delays.count == 0)
    }

    @Test func neverRetriesOnceTheCallersReceiveHasStarted() async throws {
        let lost = HTTPTransportError.connectionLost(underlying: TestFailure("mid-body"))
        let (sut, client, delays) = makeSUT([
            StreamedReply(.status(200), steps: [.chunk(Data("par".utf8)), .fail(lost)]), .status(200),
        ])
        let received = RecordedValues<Data>()

        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                for try await chunk in body { received.append(chunk) }
            }
        }

        #expect(thrown?.matches(lost) == true)
        #expect(received.values == [Data("par".utf8)])
        #expect(await client.requests.count == 1 && delays.count == 0)
    }

    @Test func neverRetriesAnErrorTheCallersReceiveThrows() async throws {
        let (sut, client, _) = makeSUT([.status(200, chunks: ["ok"]), .status(200)])

        await #expect(throws: HTTPError.self) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in
                throw HTTPError.httpCode(statusCode: 503, data: Data())
            }
        }
        #expect(await client.requests.count == 1)
    }

    @Test func handsTheLastAnswerToReceiveWhenTheAttemptsRunOut() async throws {
        let (sut, client, delays) = makeSUT([
            StreamFixtures.unreadable(502), StreamFixtures.unreadable(503), .status(504, chunks: ["last"]),
            .status(200),
        ])

        let text = try await sut.streamText(TestRequest(), body: nil)

        #expect(text == "last")
        #expect(await client.requests.count == 3 && delays.count == 2)
    }

    @Test func sendsARequestThatMayNotBeRepeatedOnce() async throws {
        let (sut, client, _) = makeSUT([.status(503, chunks: ["busy"]), .status(200)])

        let text = try await sut.streamText(TestRequest(method: .post), body: HTTPBody(Data("x".utf8)))

        #expect(text == "busy")
        #expect(await client.requests.count == 1)
    }

    @Test func reportsProgressThatNeverGoesBackAndCountsOnlyTheDeliveredAnswer() async throws {
        let (sut, _, _) = makeSUT([
            StreamedReply(.status(503), steps: [.chunk(Data("busy".utf8))], length: .known(4)),
            StreamedReply(.status(200), steps: [.chunk(Data("o".utf8)), .chunk(Data("k".utf8))], length: .known(2)),
        ])
        let values = try await StreamFixtures.progressReports(uploading: "abc", through: sut)
        #expect(StreamFixtures.isMonotonic(values))
        #expect(!values.contains { $0.bytesExpectedToReceive == 4 })
        #expect(
            values.last
                == HTTPTransferProgress(
                    bytesSent: 3, bytesExpectedToSend: 3, bytesReceived: 2, bytesExpectedToReceive: 2))
    }

    @Test func aStreamingChainRetriesLikeALoadingOne() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            StreamFixtures.unreadable(429), .status(200, chunks: ["ok"]),
        ])
        let sut = client.retrying(RetryPolicy(baseDelay: .zero), clock: TestClock { _ in })

        let text = try await sut.streamText(TestRequest(), body: nil)

        #expect(text == "ok")
    }

    @Test func releasesTheClientAndTheProgressClosureAfterAStream() async throws {
        func useAndDrop() async throws -> (WeakReference<StreamingScriptedHTTPClient>, WeakReference<TokenSource>) {
            let captured = TokenSource()
            let client = StreamingScriptedHTTPClient(replies: [StreamFixtures.unreadable(503), .status(200)])
            let sut = RetryingHTTPClient(client: client, clock: TestClock { _ in }, random: \.upperBound)
            _ = try await sut.streamText(TestRequest(), body: HTTPBody(Data("x".utf8))) { _ in
                _ = captured.token()
            }
            return (WeakReference(client), WeakReference(captured))
        }

        let (client, captured) = try await useAndDrop()

        #expect(client.object == nil && captured.object == nil)
    }

    private func makeSUT(
        _ replies: [StreamedReply], policy: RetryPolicy = RetryPolicy(baseDelay: .seconds(1))
    ) -> (sut: RetryingHTTPClient, client: StreamingScriptedHTTPClient, delays: RecordedValues<Duration>) {
        let client = StreamingScriptedHTTPClient(replies: replies)
        let delays = RecordedValues<Duration>()
        let sut = RetryingHTTPClient(
            client: client, policy: policy, clock: TestClock { delays.append($0) }, random: \.upperBound)
        return (sut, client, delays)
    }

}
