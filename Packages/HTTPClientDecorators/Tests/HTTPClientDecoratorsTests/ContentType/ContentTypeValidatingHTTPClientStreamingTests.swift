import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct ContentTypeValidatingHTTPClientStreamingTests {
    private static let acceptJSON = TestRequest(headers: ["Accept": "application/json"])

    @Test func anUnacceptableTypeFailsOnTheHeadBeforeReceiveRunsOrTheBodyIsRead() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            .status(200, chunks: ["<html>"], headers: ["Content-Type": "text/html"])
        ])
        let (received, bytes) = (RecordedValues<Int>(), RecordedValues<Int64>())
        let progress: @Sendable (HTTPTransferProgress) -> Void = { bytes.append($0.bytesReceived) }

        await #expect(
            throws: ContentTypeValidationError.unacceptableContentType(
                received: "text/html", accepted: "application/json")
        ) {
            try await client.validatingContentType().stream(request: Self.acceptJSON, body: nil, progress: progress) {
                response, _ in
                received.append(response.statusCode)
            }
        }
        #expect(received.count == 0 && bytes.values.allSatisfy { $0 == 0 })
    }

    @Test func anAcceptableTypePassesThrough() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            .status(200, chunks: ["{}"], headers: ["Content-Type": "application/json; charset=utf-8"])
        ])

        #expect(try await client.validatingContentType().streamText(Self.acceptJSON) == "{}")
    }

    @Test func aBodyOfUnknownLengthWithoutContentTypeFails() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["x"])])

        await #expect(throws: ContentTypeValidationError.self) {
            try await client.validatingContentType().streamText(Self.acceptJSON)
        }
    }

    @Test(arguments: [
        (TestRequest(), StreamedReply.status(200, chunks: ["x"], headers: ["Content-Type": "text/html"])),
        (acceptJSON, StreamedReply.status(404, chunks: ["x"], headers: ["Content-Type": "text/html"])),
        (acceptJSON, StreamedReply.status(204)),
        (acceptJSON, StreamedReply(.status(200), length: .known(0))),
        (TestRequest(method: .head, headers: ["Accept": "application/json"]), StreamedReply.status(200)),
    ])
    func leavesAloneWhatItCannotJudge(_ request: TestRequest, _ reply: StreamedReply) async throws {
        let client = StreamingScriptedHTTPClient(replies: [reply])

        let status = try await client.validatingContentType().stream(request: request, body: nil, progress: nil) {
            response, _ in response.statusCode
        }

        #expect(status == reply.response.statusCode)
    }
}
