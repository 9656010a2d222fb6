import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers
import Testing

/// Streamed request bodies: from a file, from a single-pass sequence of unknown length, as a multipart form,
/// and a body that breaks its announced length.
@Suite("Contract: streamed uploads", .timeLimit(.minutes(2)))
struct StreamingUploadContractTests {
    @Test("a file body arrives byte for byte with its length, and progress counts it", arguments: Transport.allCases)
    func fileBody(transport: Transport) async throws {
        let size = 3 * 1024 * 1024 + 17
        let folder = try TemporaryDirectory(prefix: "contract")
        defer { folder.remove() }
        let url = folder.file("upload.bin")
        try PatternFile.write(to: url, size: size)
        try await withClient(transport) { _, client in
            let progress = ProgressLog()
            let echo = try await client.streamEcho(
                devRequest(.put, "echo/file"), body: try HTTPBody(contentsOf: url), progress: progress.callback)

            #expect(echo.body.count == size)
            #expect(firstByteBreakingPattern(echo.body) == nil, "byte i must be i % 251")
            #expect(echo.header("Content-Length") == "\(size)")
            progress.expectMonotonic()
            #expect(progress.latest.bytesSent == Int64(size), "the last report counts every byte sent")
        }
    }

    @Test("a single-pass body of unknown length arrives byte for byte", arguments: Transport.allCases)
    func singlePassUnknownLength(transport: Transport) async throws {
        let chunks = (0..<40).map { index in Data((0..<50_000).map { UInt8((index * 50_000 + $0) % 251) }) }
        try await withClient(transport) { _, client in
            let body = HTTPBody(AsyncChunks(chunks), length: .unknown)
            let echo = try await client.streamEcho(devRequest(.post, "echo/stream"), body: body, progress: nil)

            #expect(echo.body.count == 2_000_000)
            #expect(firstByteBreakingPattern(echo.body) == nil, "byte i must be i % 251")
        }
    }

    @Test("a multipart form reaches POST /v1/files whole: the server's SHA-256 matches", arguments: Transport.allCases)
    func multipartUpload(transport: Transport) async throws {
        let size = 5 * 1024 * 1024 + 3
        let folder = try TemporaryDirectory(prefix: "contract")
        defer { folder.remove() }
        let url = folder.file("photo.jpg")
        try PatternFile.write(to: url, size: size, salt: 7)
        let expected = try SHA256Sum.hex(contentsOf: url)
        try await FilesServer.run(transport) { server in
            var form = MultipartForm()
            form.append(name: "note", value: "ignored by the server")
            try form.append(name: "file", fileURL: url, filename: "photo.jpg", contentType: "image/jpeg")
            form.append(name: "file", data: Data("second".utf8), filename: "second.txt")
            let client = try server.client()

            let (status, data) = try await client.stream(
                request: server.upload(form), body: form.makeBody(), progress: nil
            ) { response, body in (response.statusCode, try await body.collect(upTo: 1 << 20)) }

            #expect(status == 201)
            let stored = try JSONDecoder().decode(StoredFiles.self, from: data).files
            #expect(stored.map(\.name) == ["photo.jpg", "second.txt"])
            #expect(stored.first?.size == size)
            #expect(stored.first?.sha256 == expected)
            #expect(stored.last?.sha256 == (try SHA256Sum.hex(Data("second".utf8))))
        }
    }

    @Test("a body with fewer bytes than its known length is an error", arguments: Transport.allCases)
    func shortKnownLengthBody(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            let body = HTTPBody(AsyncChunks([Data(repeating: 1, count: 1000)]), length: .known(2000))

            await #expect(throws: (any Error).self) {
                _ = try await client.streamEcho(devRequest(.put, "echo/short"), body: body, progress: nil)
            }
        }
    }
}

/// The Files API's answer to an upload.
private struct StoredFiles: Decodable {
    struct File: Decodable {
        let name: String
        let size: Int
        let sha256: String
    }

    let files: [File]
}

extension HTTPClient {
    /// Streams `body` to an `/echo` route, expects 200 and decodes the description.
    func streamEcho(
        _ request: TestRequest, body: HTTPBody, progress: (@Sendable (HTTPTransferProgress) -> Void)?
    ) async throws -> DevServerEcho {
        let (status, data) = try await stream(request: request, body: body, progress: progress) { response, body in
            (response.statusCode, try await body.collect(upTo: 64 * 1024 * 1024))
        }
        #expect(status == 200)
        return try JSONDecoder().decode(DevServerEcho.self, from: data)
    }
}
