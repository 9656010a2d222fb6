import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

/// The request timeout against a slow upload: it bounds the wait for the response head once the body has been
/// sent, and a server that never answers after the body still times out.
@Suite("End to end: URLSessionClient's request timeout and a slow upload")
struct URLSessionHeadDeadlineTests {
    /// 1.5 MiB that the server reads in small pieces 50 ms apart: seconds of upload against a 1 s timeout.
    private static let body = Data(repeating: 7, count: 3 * 512 * 1024)

    /// On Linux the timer is FoundationNetworking's: libcurl's read callback resets it, but the kernel takes
    /// the body's tail into its socket buffers long before a slow server has read it, and the wait from the
    /// last read to the server's answer, that tail's drain included, must fit in the timeout. The session
    /// gives no access to its sockets, so the client cannot see the tail drain (CurlClient can).
    @Test("a slow upload longer than the timeout, answered promptly after its last byte, succeeds")
    func slowUploadAnsweredPromptly() async throws {
        let server = try SlowReadingServer(answer: .promptly, bytesPerStep: 64 * 1024, step: .milliseconds(50))
        defer { server.stop() }
        let client = try URLSessionClient(baseURL: server.baseURL, requestTimeout: 1)

        try await withKnownIssue("FoundationNetworking counts the drain of the socket buffers as waiting") {
            let (status, text) = try await client.stream(
                request: TestRequest(method: .post, path: "upload", version: ""), body: HTTPBody(Self.body),
                progress: nil
            ) { response, body in
                (response.statusCode, String(decoding: try await body.collect(upTo: 1024), as: UTF8.self))
            }

            #expect(status == 200)
            #expect(text == "\(Self.body.count)")
        } when: {
            #if canImport(FoundationNetworking)
                true
            #else
                false
            #endif
        }
    }

    @Test("a server that never answers after reading the body times out")
    func neverAnswered() async throws {
        let server = try SlowReadingServer(answer: .never, bytesPerStep: 64 * 1024, step: .milliseconds(10))
        defer { server.stop() }
        let client = try URLSessionClient(baseURL: server.baseURL, requestTimeout: 1)

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
