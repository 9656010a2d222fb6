import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct ErrorHandlingHTTPClientStreamingTests {
    @Test(arguments: [200, 204, 299])
    func handsSuccessfulResponsesToReceive(_ code: Int) async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(code, chunks: ["bo", "dy"])])

        let text = try await client.handlingErrors().streamText()

        #expect(text == "body")
    }

    @Test(arguments: [199, 304, 404, 500])
    func throwsOtherStatusesWithTheirBodyBeforeReceiveRuns(_ code: Int) async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(code, chunks: ["{\"error\":", "\"x\"}"])])
        let received = RecordedValues<Int>()

        await #expect(throws: HTTPError.httpCode(statusCode: code, data: Data("{\"error\":\"x\"}".utf8))) {
            try await client.handlingErrors().stream(request: TestRequest(), body: nil, progress: nil) { response, _ in
                received.append(response.statusCode)
            }
        }
        #expect(received.count == 0)
    }

    @Test func carriesAtMostTheFirstKibibyteAndReadsNoFurther() async throws {
        let first = Data(repeating: UInt8(ascii: "a"), count: 1_500)
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(.status(500), steps: [.chunk(first), .chunk(Data("never read".utf8))])
        ])
        let received = RecordedValues<Int64>()

        await #expect(throws: HTTPError.httpCode(statusCode: 500, data: first.prefix(1_024))) {
            try await client.handlingErrors().streamText { received.append($0.bytesReceived) }
        }
        #expect(received.values.max() == 1_500)
    }

    @Test func aBodyThatFailsPartWayGivesWhatArrived() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(.status(503), steps: [.chunk(Data("par".utf8)), .fail(AnyError())])
        ])

        await #expect(throws: HTTPError.httpCode(statusCode: 503, data: Data("par".utf8))) {
            try await client.handlingErrors().streamText()
        }
    }

    @Test func passesTransportErrorsThrough() async throws {
        let failure = HTTPTransportError.timedOut(underlying: TestFailure("slow"))
        let client = StreamingScriptedHTTPClient(replies: [StreamedReply(.status(200), steps: [.fail(failure)])])

        let thrown = await #expect(throws: HTTPTransportError.self) { try await client.handlingErrors().streamText() }
        #expect(thrown?.matches(failure) == true)
    }

    @Test func sendsTheRequestAndItsBodyUnchanged() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200)])
        let upload = CountingChunks(["a", "b"])
        let request = TestRequest(method: .post, headers: ["A": "1"], queryParameter: ["q": "1"])

        _ = try await client.handlingErrors().streamText(request, body: upload.body)

        let sent = try #require(await client.requests.first)
        #expect(sent.request == HTTPRequestSnapshot(request) && sent.body == Data("ab".utf8))
        #expect(upload.starts.count == 1)
    }
}
