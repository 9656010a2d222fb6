import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers
import Testing

@testable import URLSessionInfrastructure

/// File uploads that end before their last byte: cancelled while sending, cut short by the file, redirected.
@Suite("End to end: URLSessionClient ends a file upload early")
struct URLSessionFileUploadEndTests {
    @Test("a file upload cancelled while its bytes go out throws cancelled, each time")
    func cancelWhileSending() async throws {
        try await FilesServerFixture.run { fixture in
            let file = fixture.sourceDirectory.appendingPathComponent("large.bin")
            try Data(count: 40 << 20).write(to: file)
            // The server reads the whole body and never answers, so only the cancellation ends the upload.
            let request = TestRequest(method: .put, path: "faults/black-hole", version: "")
            // Each attempt cancels at another point of the body: 2 MiB sent, then 3 MiB, and so on.
            for megabytes in 2..<34 {
                let (sending, sent) = AsyncStream.makeStream(of: Void.self)
                let upload = Task {
                    defer { sent.finish() }
                    return try await fixture.client.stream(
                        request: request, body: try HTTPBody(contentsOf: file),
                        progress: { progress in if progress.bytesSent >= megabytes << 20 { sent.yield() } },
                        buffering: fixture.buffering()
                    ) { response, _ in response.statusCode }
                }
                for await _ in sending { break }

                upload.cancel()

                let error = await #expect(throws: HTTPTransportError.self) { try await upload.value }
                #expect(error?.kind == .cancelled)
            }
        }
    }

    @Test("a file that shrinks while it is sent throws fileChanged, and the server stores nothing")
    func fileShrinksWhileSending() async throws {
        try await FilesServerFixture.run { fixture in
            var form = MultipartForm()
            form.append(name: "file", data: Data(count: 64 << 20), filename: "shrinks.bin")
            let file = fixture.sourceDirectory.appendingPathComponent("form.bin")
            try await form.makeBody().collect(upTo: 65 << 20).write(to: file)
            try await fixture.admin.post("files-upload-hold", json: #"{"after_bytes": 1048576}"#)
            let upload = Task {
                try await fixture.client.stream(
                    request: fixture.upload(form), body: try HTTPBody(contentsOf: file), progress: nil,
                    buffering: fixture.buffering()
                ) { response, _ in response.statusCode }
            }
            try await fixture.admin.waitUntil("files.upload.held", reaches: 1)

            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 1)
            try handle.close()
            try await fixture.admin.post("files-upload-release")

            let error = await #expect(throws: HTTPBodyError.self) { try await upload.value }
            guard case .fileChanged(let path)? = error else {
                Issue.record("expected fileChanged, got \(String(describing: error))")
                return
            }
            #expect(path == file.path)
            try await fixture.admin.waitUntil("files.rejected", reaches: 1)
            #expect(try await fixture.admin.count("files.uploaded") == 0)
        }
    }

    @Test(
        "a file upload redirected with 303 or 307 arrives with a Content-Length that matches its body",
        arguments: [303, 307])
    func redirected(status: Int) async throws {
        let content = randomBytes(count: 256 * 1024, seed: 3)
        try await FilesServerFixture.run { fixture in
            let file = fixture.sourceDirectory.appendingPathComponent("redirected.bin")
            try content.write(to: file)
            let request = TestRequest(
                method: .post, path: "faults/redirect", version: "",
                queryParameter: ["to": "/echo/after", "status": String(status)])

            let echo = try await fixture.client.stream(
                request: request, body: try HTTPBody(contentsOf: file), progress: nil,
                buffering: fixture.buffering()
            ) { _, body in
                try JSONDecoder().decode(DevServerEcho.self, from: try await body.collect(upTo: 1 << 20))
            }

            #expect(echo.method == (status == 303 ? "GET" : "POST"))
            #expect(echo.path == "/echo/after")
            #expect(echo.header("Transfer-Encoding") == nil)
            // FoundationNetworking sends a redirected request without its body; Apple's URLSession keeps it on 307.
            if echo.body.isEmpty {
                #expect([nil, "0"].contains(echo.header("Content-Length")))
            } else {
                #expect(echo.header("Content-Length") == String(content.count))
                #expect(echo.body == content)
            }
        }
    }
}
