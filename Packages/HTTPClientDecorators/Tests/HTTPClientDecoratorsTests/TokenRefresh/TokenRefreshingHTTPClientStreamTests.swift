import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct TokenRefreshingHTTPClientStreamTests {
    @Test func refreshesAndResendsAReplayableBodyLeavingTheRejectedAnswerUnread() async throws {
        let refresh = RefreshSpy("Bearer new")
        let (sut, client) = makeSUT(
            [StreamFixtures.unreadable(401), .status(200, chunks: ["o", "k"])], refresh: refresh)

        let text = try await sut.streamText(TestRequest(method: .post), body: HTTPBody(Data("up".utf8)))

        #expect(text == "ok" && refresh.calls.count == 1)
        let sent = await client.requests
        #expect(sent.map { $0.request.headers?["Authorization"] } == ["Bearer old", "Bearer new"])
        #expect(sent.map(\.body) == [Data("up".utf8), Data("up".utf8)])
    }

    @Test func sendsASinglePassBodyOnceAndHandsTheFirst401ToTheCaller() async throws {
        let refresh = RefreshSpy("Bearer new")
        let (sut, client) = makeSUT([.status(401, chunks: ["denied"]), .status(200)], refresh: refresh)

        let text = try await sut.streamText(TestRequest(method: .post), body: StreamFixtures.singlePass("up"))

        #expect(text == "denied" && refresh.calls.count == 0)
        let sent = await client.requests
        #expect(sent.count == 1 && sent.first?.body == Data("up".utf8) && sent.first?.bodyError == nil)
    }

    @Test func treatsA401ThrownBeforeTheHeadAsARejection() async throws {
        let refresh = RefreshSpy("Bearer new")
        let server = TokenServer.accepting("Bearer new")
        let sut = TokenRefreshingHTTPClient(
            client: server.handlingErrors(), stored: { "Bearer old" }, refresh: refresh.refresh)
        let request = TestRequest(method: .put, body: Data("own".utf8))

        let text = try await sut.streamText(request)

        #expect(text == "ok" && refresh.calls.count == 1)
        #expect(await server.requests.map(\.body) == [Data("own".utf8), Data("own".utf8)])
    }

    @Test func neverResendsOnceTheCallersReceiveHasStarted() async throws {
        let refresh = RefreshSpy("Bearer new")
        let (sut, client) = makeSUT([.status(200, chunks: ["ok"]), .status(200)], refresh: refresh)

        await #expect(throws: HTTPError.self) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in
                throw HTTPError.httpCode(statusCode: 401, data: Data())
            }
        }
        #expect(await client.requests.count == 1 && refresh.calls.count == 0)
    }

    @Test func handsA401AfterTheRefreshToTheCaller() async throws {
        let refresh = RefreshSpy("Bearer new")
        let (sut, client) = makeSUT(
            [StreamFixtures.unreadable(401), .status(401, chunks: ["still denied"]), .status(200)], refresh: refresh)

        let text = try await sut.streamText(TestRequest())

        #expect(text == "still denied" && refresh.calls.count == 1)
        #expect(await client.requests.count == 2)
    }

    @Test func reportsProgressThatNeverGoesBackAcrossTheResend() async throws {
        let (sut, _) = makeSUT(
            [
                StreamedReply(.status(401), steps: [.chunk(Data("denied".utf8))], length: .known(6)),
                StreamedReply(.status(200), steps: [.chunk(Data("ok".utf8))], length: .known(2)),
            ], refresh: RefreshSpy("Bearer new"))
        let values = try await StreamFixtures.progressReports(uploading: "abc", through: sut)
        #expect(StreamFixtures.isMonotonic(values))
        #expect(!values.contains { $0.bytesExpectedToReceive == 6 })
        #expect(
            values.last
                == HTTPTransferProgress(
                    bytesSent: 3, bytesExpectedToSend: 3, bytesReceived: 2, bytesExpectedToReceive: 2))
    }

    private func makeSUT(
        _ replies: [StreamedReply], refresh: RefreshSpy
    ) -> (sut: any HTTPClient, client: StreamingScriptedHTTPClient) {
        let client = StreamingScriptedHTTPClient(replies: replies)
        let sut = client.refreshingAccessToken(stored: { "Bearer old" }, refresh: refresh.refresh)
        return (sut, client)
    }
}
