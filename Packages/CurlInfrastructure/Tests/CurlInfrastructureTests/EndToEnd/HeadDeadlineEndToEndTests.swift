import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// The request timeout counts no upload time: it bounds the wait for the response head once the body has been
/// sent, and every stretch of an upload without a moving byte.
@Suite("CurlClient end to end: the head deadline starts after the upload")
struct HeadDeadlineEndToEndTests {
    /// 1.5 MiB that the server reads in small pieces 50 ms apart: seconds of upload against a 1 s timeout, much
    /// of it after libcurl has handed the last byte to the kernel.
    private static let body = Data(repeating: 7, count: 3 * 512 * 1024)

    @Test("a slow upload longer than the timeout, answered promptly after its last byte, succeeds")
    func slowUploadAnsweredPromptly() async throws {
        let server = try SlowReadingServer(answer: .promptly, bytesPerStep: 64 * 1024, step: .milliseconds(50))
        defer { server.stop() }
        let client = try CurlClient(baseURL: server.baseURL, requestTimeout: 1)

        let (status, text) = try await client.stream(
            request: TestRequest(method: .post, path: "upload", version: ""), body: HTTPBody(Self.body),
            progress: nil
        ) { response, body in
            (response.statusCode, String(decoding: try await body.collect(upTo: 1024), as: UTF8.self))
        }

        #expect(status == 200)
        #expect(text == "\(Self.body.count)")
    }

    @Test("a server that never answers after reading the body times out")
    func neverAnswered() async throws {
        let server = try SlowReadingServer(answer: .never, bytesPerStep: 64 * 1024, step: .milliseconds(10))
        defer { server.stop() }
        let client = try CurlClient(baseURL: server.baseURL, requestTimeout: 1)

        let error = await #expect(throws: HTTPTransportError.self) {
            try await client.stream(
                request: TestRequest(method: .post, path: "upload", version: ""),
                body: HTTPBody(Data(repeating: 7, count: 256 * 1024)), progress: nil
            ) { response, _ in response.statusCode }
        }

        #expect(error?.kind == .timedOut)
        #expect(server.receivedBodyCounts == [256 * 1024])
    }
}
