import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("End to end: URLSessionClient uploads a file body from its own file")
struct URLSessionFileUploadTests {
    @Test("a file body arrives byte-equal with its Content-Length, and no staging file is made")
    func fileBody() async throws {
        let content = randomBytes(count: 1024 * 1024 + 13, seed: 7)
        try await FilesServerFixture.run { fixture in
            let file = fixture.sourceDirectory.appendingPathComponent("photo.bin")
            try content.write(to: file)
            let request = TestRequest(method: .post, path: "echo/file", version: "")
            let scratchDuringUpload = RecordedValues<Int>()
            let reports = RecordedValues<HTTPTransferProgress>()

            let echo = try await fixture.client.stream(
                request: request, body: HTTPBody(contentsOf: file),
                progress: { progress in
                    reports.append(progress)
                    if progress.bytesSent > 0, scratchDuringUpload.count == 0 {
                        scratchDuringUpload.append((try? fixture.scratchFiles().count) ?? -1)
                    }
                }, buffering: fixture.buffering(memoryLimit: 8 << 20)
            ) { _, body in
                try JSONDecoder().decode(DevServerEcho.self, from: try await body.collect(upTo: 8 << 20))
            }

            #expect(echo.body == content)
            #expect(echo.header("Content-Length") == String(content.count))
            #expect(echo.header("Transfer-Encoding") == nil)
            #expect(echo.header("Content-Type") == nil)
            #expect(scratchDuringUpload.values == [0])
            #expect(reports.values.last?.bytesSent == Int64(content.count))
            #expect(try fixture.scratchFiles().isEmpty)
            #expect(try Data(contentsOf: file) == content)
        }
    }

    @Test("a file that changed size since its body was made throws lengthMismatch and sends nothing")
    func changedFile() async throws {
        try await FilesServerFixture.run { fixture in
            let file = fixture.sourceDirectory.appendingPathComponent("grows.bin")
            try Data(repeating: 1, count: 10).write(to: file)
            let body = try HTTPBody(contentsOf: file)
            try Data(repeating: 1, count: 25).write(to: file)
            let request = TestRequest(method: .post, path: "echo/grows", version: "")

            let error = await #expect(throws: HTTPBodyError.self) {
                try await fixture.client.stream(
                    request: request, body: body, progress: nil, buffering: fixture.buffering()
                ) { response, _ in response.statusCode }
            }

            guard case .lengthMismatch(expected: 10, received: 25)? = error else {
                Issue.record("expected lengthMismatch(10, 25), got \(String(describing: error))")
                return
            }
            let requestsSeen = try await fixture.admin.count("route:POST /echo/grows")
            #expect(requestsSeen == 0)
            #expect(try fixture.scratchFiles().isEmpty)
        }
    }
}
