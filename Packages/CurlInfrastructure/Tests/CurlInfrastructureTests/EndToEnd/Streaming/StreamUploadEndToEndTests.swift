import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers
import Testing

/// `stream` on the request side: bodies read through libcurl's read callback, with `Content-Length` when their
/// length is known and chunked otherwise; a body's own error ends the transfer and is what the call throws.
@Suite("CurlClient end to end: streamed request bodies")
struct StreamUploadEndToEndTests {
    private struct Uploaded: Decodable {
        struct File: Decodable {
            let name: String
            let size: Int64
            let sha256: String
        }
        let files: [File]
    }

    @Test("an 8 MiB file goes up in a multipart form, byte for byte, with monotonic and final progress")
    func fileUpload() async throws {
        let file = randomBytes(8 * 1024 * 1024, seed: 40)
        try await withFilesServer { files in
            let source = files.folder.deletingLastPathComponent().appendingPathComponent("upload-\(UUID()).bin")
            try file.write(to: source)
            defer { try? FileManager.default.removeItem(at: source) }
            var form = MultipartForm()
            try form.append(name: "file", fileURL: source, filename: "photo.bin")
            let body = form.makeBody()
            let log = ProgressLog()

            let (status, uploaded) = try await files.client.stream(
                request: files.request(.post, headers: ["Content-Type": form.contentType]), body: body,
                progress: log.record
            ) { response, body in
                (
                    response.statusCode,
                    try JSONDecoder().decode(Uploaded.self, from: try await body.collect(upTo: 1 << 20))
                )
            }

            guard case .known(let length) = body.length else {
                Issue.record("a file form has a known length")
                return
            }
            #expect(status == 201)
            #expect(try uploaded.files.first?.sha256 == SHA256Sum.hex(file))
            #expect(log.isMonotonic)
            #expect(log.all.last?.bytesSent == length)
            #expect(log.all.last?.bytesExpectedToSend == length)
        }
    }

    @Test("a single-pass body of unknown length goes up chunked")
    func chunkedUpload() async throws {
        let file = randomBytes(4 * 1024 * 1024 + 17, seed: 41)
        try await withFilesServer { files in
            var form = MultipartForm()
            form.append(name: "file", data: file, filename: "chunked.bin")
            let body = HTTPBody(form.makeBody(), length: .unknown)

            let (status, uploaded) = try await files.client.stream(
                request: files.request(.post, headers: ["Content-Type": form.contentType]), body: body, progress: nil
            ) { response, body in
                (
                    response.statusCode,
                    try JSONDecoder().decode(Uploaded.self, from: try await body.collect(upTo: 1 << 20))
                )
            }

            #expect(status == 201)
            #expect(uploaded.files.first?.size == Int64(file.count))
            #expect(try uploaded.files.first?.sha256 == SHA256Sum.hex(file))
        }
    }

    @Test("the framing follows the length: Content-Length when known, Transfer-Encoding: chunked when not")
    func framing() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let chunks = [Data("one,".utf8), Data("two,".utf8), Data("three".utf8)]
            let unknown = try await client.streamEcho(body: HTTPBody(singlePassChunks(chunks), length: .unknown))
            let known = try await client.streamEcho(body: HTTPBody(singlePassChunks(chunks), length: .known(13)))

            #expect(unknown.body == Data("one,two,three".utf8))
            #expect(unknown.header("Transfer-Encoding") == "chunked")
            #expect(unknown.header("Content-Length") == nil)
            #expect(known.body == Data("one,two,three".utf8))
            #expect(known.header("Content-Length") == "13")
            #expect(known.header("Transfer-Encoding") == nil)
        }
    }

    @Test("a body that yields fewer bytes than its known length throws lengthMismatch; the client goes on")
    func shortBody() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let body = HTTPBody(singlePassChunks([Data(count: 600)]), length: .known(1000))

            let thrown = await error(HTTPBodyError.self) { _ = try await client.streamEcho(body: body) }

            guard case .lengthMismatch(let expected, let received) = thrown else {
                Issue.record("expected lengthMismatch, got \(String(describing: thrown))")
                return
            }
            #expect(expected == 1000)
            #expect(received == 600)
            let after = try await client.echo(devRequest(.get, "echo/after"))
            #expect(after.path == "/echo/after")
        }
    }

    @Test("a single-pass body that was already read throws alreadyRead")
    func alreadyRead() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let body = HTTPBody(singlePassChunks([Data("x".utf8)]), length: .unknown)
            for try await _ in body {}

            let thrown = await error(HTTPBodyError.self) { _ = try await client.streamEcho(body: body) }

            guard case .alreadyRead = thrown else {
                Issue.record("expected alreadyRead, got \(String(describing: thrown))")
                return
            }
        }
    }

    @Test("a file that went away throws unreadableFile, keeping the file system's error")
    func missingFile() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let source = FileManager.default.temporaryDirectory.appendingPathComponent("gone-\(UUID()).bin")
            try Data("soon gone".utf8).write(to: source)
            let body = try HTTPBody(contentsOf: source)
            try FileManager.default.removeItem(at: source)

            let thrown = await error(HTTPBodyError.self) { _ = try await client.streamEcho(body: body) }

            guard case .unreadableFile(let path, _) = thrown else {
                Issue.record("expected unreadableFile, got \(String(describing: thrown))")
                return
            }
            #expect(path == source.path)
        }
    }

    @Test("307 and 308 send a replayable body again", arguments: [307, 308])
    func redirectReplayable(status: Int) async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let data = randomBytes(300_000, seed: 42)

            let echo = try await client.streamEcho(body: HTTPBody(data), path: redirect(status))

            #expect(echo.path == "/echo/after")
            #expect(echo.method == "POST")
            #expect(echo.body == data)
        }
    }

    @Test("307 with a single-pass body hands the redirect back instead of sending the body again")
    func redirectSinglePass() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let body = HTTPBody(singlePassChunks([Data("once".utf8)]), length: .unknown)

            let status = try await client.stream(
                request: devRequest(.post, "faults/redirect", query: ["to": "/echo/after", "status": "307"]),
                body: body, progress: nil
            ) { response, _ in response.statusCode }

            #expect(status == 307)
        }
    }

    @Test("303 turns a streamed POST into a GET without the body")
    func redirectToGet() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let body = HTTPBody(singlePassChunks([Data("dropped".utf8)]), length: .unknown)

            let echo = try await client.streamEcho(body: body, path: redirect(303))

            #expect(echo.method == "GET")
            #expect(echo.body.isEmpty)
        }
    }

    private func redirect(_ status: Int) -> (String, HTTPQueryParameter) {
        ("faults/redirect", ["to": "/echo/after", "status": "\(status)"])
    }
}

extension CurlClient {
    /// POSTs `body` with `stream` to an echo route (or `path` with its query) and decodes the description.
    func streamEcho(body: HTTPBody, path: (String, HTTPQueryParameter) = ("echo/upload", [:])) async throws
        -> DevServerEcho
    {
        let data = try await stream(
            request: devRequest(.post, path.0, query: path.1), body: body, progress: nil
        ) { _, body in try await body.collect(upTo: 4 * 1024 * 1024) }
        return try JSONDecoder().decode(DevServerEcho.self, from: data)
    }
}
