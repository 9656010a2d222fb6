import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct AuthenticatedHTTPClientStreamingTests {
    @Test func signsTheStreamAndPassesBothBodiesThrough() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["do", "wn"])])
        let upload = CountingChunks(["up", "load"])
        let sut = client.authenticated { "Bearer abc" }

        let text = try await sut.streamText(TestRequest(method: .post, headers: ["A": "1"]), body: upload.body)

        let sent = try #require(await client.requests.first)
        #expect(text == "down")
        #expect(sent.request.headers?["Authorization"] == "Bearer abc" && sent.request.headers?["A"] == "1")
        #expect(sent.body == Data("upload".utf8) && upload.starts.count == 1)
    }

    @Test func aTokenThatThrowsSendsNothingAndNeverCallsReceive() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200)])
        let received = RecordedValues<Int>()
        let sut = client.authenticated { throw AnyError() }

        await #expect(throws: AuthenticatedHTTPClient.Error.self) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { response, _ in
                received.append(response.statusCode)
            }
        }
        #expect(await client.requests.isEmpty && received.count == 0)
    }

    @Test func anInvalidTokenSendsNothing() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200)])

        let thrown = await #expect(throws: AuthenticatedHTTPClient.Error.self) {
            try await client.authenticated { "Bearer a\r\nX: 1" }.streamText()
        }
        guard case .invalidAccessToken = thrown else {
            Issue.record("expected invalidAccessToken, got \(String(describing: thrown))")
            return
        }
        #expect(await client.requests.isEmpty)
    }
}
