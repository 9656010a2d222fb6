import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A reused connection that closes before any answer: libcurl sends the request again on a new connection,
/// rewinding a replayable body and refusing a single-pass one.
@Suite("CurlClient end to end: bodies sent again on a new connection")
struct BodyRewindEndToEndTests {
    @Test("a file upload on a reused connection that closes unanswered succeeds on the first call")
    func fileIsResent() async throws {
        let server = try ClosingOnReuseServer()
        defer { server.stop() }
        let client = try CurlClient(baseURL: try server.baseURL)
        let content = randomBytes(64 * 1024 + 3, seed: 65)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rewind-\(UUID()).bin")
        try content.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await client.load(request: TestRequest(method: .get, path: "warm", version: ""))

        let (status, answer) = try await client.stream(
            request: TestRequest(method: .post, path: "upload", version: ""),
            body: try HTTPBody(contentsOf: file), progress: nil
        ) { response, body in
            (response.statusCode, String(decoding: try await body.collect(upTo: 1024), as: UTF8.self))
        }

        #expect(status == 200)
        #expect(answer == "\(content.count)")
        #expect(server.receivedBodies.dropFirst().map(\.count) == [content.count, content.count])
        #expect(server.receivedBodies.last == content)
    }

    @Test("a single-pass body on a reused connection that closes unanswered throws a transient rewind error")
    func singlePassIsRefused() async throws {
        let server = try ClosingOnReuseServer()
        defer { server.stop() }
        let client = try CurlClient(baseURL: try server.baseURL)
        let content = randomBytes(64 * 1024 + 3, seed: 66)
        let body = HTTPBody(
            singlePassChunks([content.prefix(1000), content.dropFirst(1000)]), length: .known(Int64(content.count)))
        try await client.load(request: TestRequest(method: .get, path: "warm", version: ""))

        let error = await #expect(throws: HTTPTransportError.self) {
            let status: Int = try await client.stream(
                request: TestRequest(method: .post, path: "upload", version: ""), body: body, progress: nil
            ) { response, _ in response.statusCode }
            _ = status
        }

        #expect(error?.kind == .connectionLost)
        #expect(error?.isTransient == true)
        let cause = error?.underlying as? CurlClient.BodyRewindError
        #expect(cause?.underlying.code == 65, "CURLE_SEND_FAIL_REWIND")
        #expect(server.receivedBodies.count == 2, "the warm-up and the one attempt the server closed on")
    }
}
