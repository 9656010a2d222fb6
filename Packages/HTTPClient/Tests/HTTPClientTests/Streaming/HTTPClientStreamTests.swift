import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

struct HTTPClientStreamTests {
    @Test func theDefaultStreamSendsTheCollectedBodyThroughLoad() async throws {
        let client = ScriptedHTTPClient(replies: [.status(201, body: "created")])
        let body = HTTPBody(singlePass([Data("a=".utf8), Data("1".utf8)]), length: .known(3))

        let (status, text) = try await client.stream(
            request: TestRequest(method: .post, headers: ["X": "y"], body: Data("ignored".utf8)), body: body,
            progress: nil
        ) { response, body in
            (response.statusCode, String(decoding: try await body.collect(upTo: 100), as: UTF8.self))
        }

        #expect(status == 201)
        #expect(text == "created")
        let sent = try #require(await client.requests.first)
        #expect(sent.body == Data("a=1".utf8))
        #expect(sent.method == .post)
        #expect(sent.headers == ["X": "y"])
    }

    @Test func aNilBodySendsTheRequestsOwnBody() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200)])

        try await client.stream(request: TestRequest(body: Data("own".utf8)), body: nil, progress: nil) { _, _ in }

        #expect(await client.requests.first?.body == Data("own".utf8))
    }

    @Test func theDefaultStreamReportsTheWholeTransferOnce() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200, body: "four")])
        let reports = RecordedValues<HTTPTransferProgress>()

        try await client.stream(request: TestRequest(), body: HTTPBody(Data("xy".utf8)), progress: reports.append) {
            _, _ in
        }

        #expect(
            reports.values == [
                HTTPTransferProgress(bytesSent: 2, bytesExpectedToSend: 2, bytesReceived: 4, bytesExpectedToReceive: 4)
            ])
    }

    @Test func theDefaultStreamRefusesABodyPastItsMemoryLimitBeforeSending() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200)])
        let limit = 64 * 1024 * 1024
        let huge = HTTPBody(singlePass([]), length: .known(Int64(limit) + 1))

        let error = await #expect(throws: HTTPBodyError.self) {
            try await client.stream(request: TestRequest(), body: huge, progress: nil) { _, _ in }
        }

        guard case .tooLarge(limit) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(await client.requests.isEmpty)
    }

    @Test func theResponseBodyIsReplayableInsideReceive() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200, body: "again")])

        let both = try await client.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            [try await body.collect(upTo: 10), try await body.collect(upTo: 10)]
        }

        #expect(both == [Data("again".utf8), Data("again".utf8)])
    }

    @Test func receiveErrorsReachTheCaller() async throws {
        struct Refused: Error {}
        let client = ScriptedHTTPClient(replies: [.status(200)])

        await #expect(throws: Refused.self) {
            try await client.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in throw Refused() }
        }
    }
}
