import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A file body of known length goes to libcurl straight from the file, without the pump: the same bytes, sent
/// again from the start on a redirect, and a file that changed fails the body as `HTTPBody` reads a file.
@Suite("CurlClient end to end: file bodies read straight into libcurl's buffer")
struct FileUploadEndToEndTests {
    @Test("a file body arrives byte for byte, with its length as Content-Length")
    func fileArrives() async throws {
        try await withFile(randomBytes(2 * 1024 * 1024 + 5, seed: 90)) { file, content in
            try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
                let echo = try await client.streamEcho(body: try HTTPBody(contentsOf: file))

                #expect(echo.body == content)
                #expect(echo.header("Content-Length") == "\(content.count)")
            }
        }
    }

    @Test("307 sends a file body again from its first byte")
    func redirectSendsTheFileAgain() async throws {
        try await withFile(randomBytes(300_000, seed: 91)) { file, content in
            try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
                let echo = try await client.streamEcho(
                    body: try HTTPBody(contentsOf: file),
                    path: ("faults/redirect", ["to": "/echo/after", "status": "307"]))

                #expect(echo.path == "/echo/after")
                #expect(echo.body == content)
            }
        }
    }

    @Test("a file that grew after its body was made fails with fileChanged, naming it")
    func changedFileFails() async throws {
        try await withFile(randomBytes(100_000, seed: 92)) { file, content in
            try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
                let body = try HTTPBody(contentsOf: file)
                try (content + Data("more".utf8)).write(to: file)

                let thrown = await error(HTTPBodyError.self) { _ = try await client.streamEcho(body: body) }

                guard case .fileChanged(let path) = thrown else {
                    Issue.record("expected fileChanged, got \(String(describing: thrown))")
                    return
                }
                #expect(path == file.path)
            }
        }
    }

    /// Runs `body` with a temporary file holding `content`.
    private func withFile(_ content: Data, _ body: (URL, Data) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("upload.bin")
        try content.write(to: file)
        try await body(file, content)
    }
}
