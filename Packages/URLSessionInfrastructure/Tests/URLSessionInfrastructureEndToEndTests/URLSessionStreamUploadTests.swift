import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers
import Testing

@testable import URLSessionInfrastructure

@Suite("End to end: URLSessionClient streams request bodies")
struct URLSessionStreamUploadTests {
    @Test("a form with a file part uploads byte-equal, with monotonic progress and a final report")
    func fileUpload() async throws {
        let content = randomBytes(count: 3 * 1024 * 1024 + 11, seed: 4)
        try await FilesServerFixture.run { fixture in
            let source = fixture.sourceDirectory.appendingPathComponent("photo.bin")
            try content.write(to: source)
            var form = MultipartForm()
            try form.append(name: "file", fileURL: source, filename: "photo.bin")
            let body = form.makeBody()
            let reports = RecordedValues<HTTPTransferProgress>()

            let uploaded = try await fixture.send(form, body: body) { reports.append($0) }

            #expect(try uploaded == [.init(name: "photo.bin", size: content.count, sha256: SHA256Sum.hex(content))])
            let values = reports.values
            guard case .known(let length) = body.length, let last = values.last else {
                Issue.record("expected a known length and progress reports")
                return
            }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0.bytesSent <= $1.bytesSent })
            #expect(values.allSatisfy { $0.bytesExpectedToSend == length && $0.bytesSent <= length })
            #expect(last.bytesSent == length)
            #expect(try fixture.scratchFiles().isEmpty)
        }
    }

    @Test("a single-pass body is staged in a temporary file, uploaded from it, and the file removed")
    func singlePassUpload() async throws {
        let content = randomBytes(count: 2 * 1024 * 1024 + 7, seed: 5)
        try await FilesServerFixture.run { fixture in
            var form = MultipartForm()
            form.append(name: "file", data: content, filename: "generated.bin")
            let replayable = form.makeBody()
            let singlePass = HTTPBody(replayable, length: .unknown)
            let stagedDuringUpload = RecordedValues<Int>()

            let uploaded = try await fixture.send(form, body: singlePass) { progress in
                if progress.bytesSent > 0, stagedDuringUpload.count == 0 {
                    stagedDuringUpload.append((try? fixture.scratchFiles().count) ?? -1)
                }
            }

            #expect(!singlePass.isReplayable)
            #expect(
                try uploaded == [.init(name: "generated.bin", size: content.count, sha256: SHA256Sum.hex(content))])
            #expect(stagedDuringUpload.values == [1])
            #expect(try fixture.scratchFiles().isEmpty)
        }
    }

    @Test("a body of known length that yields fewer bytes throws lengthMismatch and sends nothing")
    func shortRequestBody() async throws {
        try await FilesServerFixture.run { fixture in
            let chunks = AsyncStream<Data> { continuation in
                continuation.yield(Data(repeating: 1, count: 10))
                continuation.finish()
            }
            let request = TestRequest(method: .post, path: "echo/short", version: "")

            let error = await #expect(throws: HTTPBodyError.self) {
                try await fixture.client.stream(
                    request: request, body: HTTPBody(chunks, length: .known(20)), progress: nil,
                    buffering: fixture.buffering()
                ) { response, _ in response.statusCode }
            }

            guard case .lengthMismatch(expected: 20, received: 10)? = error else {
                Issue.record("expected lengthMismatch(20, 10), got \(String(describing: error))")
                return
            }
            let requestsSeen = try await fixture.admin.count("route:POST /echo/short")
            let leftOver = try fixture.scratchFiles()
            #expect(requestsSeen == 0)
            #expect(leftOver.isEmpty)
        }
    }

    @Test("a staged single-pass body of unknown length goes out with its Content-Length")
    func stagedBodyHasContentLength() async throws {
        try await FilesServerFixture.run { fixture in
            let content = randomBytes(count: 300_000, seed: 6)
            let body = HTTPBody(HTTPBody(content), length: .unknown)
            let request = TestRequest(method: .post, path: "echo/staged", version: "")

            let echo = try await fixture.client.stream(
                request: request, body: body, progress: nil, buffering: fixture.buffering()
            ) { _, body in
                try JSONDecoder().decode(DevServerEcho.self, from: try await body.collect(upTo: 1 << 20))
            }

            #expect(echo.body == content)
            #expect(echo.header("Content-Length") == "300000")
            #expect(echo.header("Transfer-Encoding") == nil)
        }
    }

    @Test("a request's own Data body is sent with stream as with load, and counted as sent")
    func requestBodyFromRequest() async throws {
        try await FilesServerFixture.run { fixture in
            let request = TestRequest(method: .put, path: "echo/own", version: "", body: Data("hello".utf8))
            let reports = RecordedValues<HTTPTransferProgress>()

            let echo = try await fixture.client.stream(
                request: request, body: nil, progress: { reports.append($0) }, buffering: fixture.buffering()
            ) { _, body in
                try JSONDecoder().decode(DevServerEcho.self, from: try await body.collect(upTo: 1 << 20))
            }

            #expect(echo.method == "PUT")
            #expect(echo.body == Data("hello".utf8))
            #expect(echo.header("Content-Length") == "5")
            #expect(reports.values.last?.bytesSent == 5)
            #expect(reports.values.last?.bytesExpectedToSend == 5)
        }
    }
}

extension FilesServerFixture {
    /// Uploads `body` as `form` through `POST /v1/files` and returns what the server stored.
    func send(
        _ form: MultipartForm, body: HTTPBody, progress: @escaping @Sendable (HTTPTransferProgress) -> Void
    ) async throws -> [UploadedFiles.File] {
        let (status, data) = try await client.stream(
            request: upload(form), body: body, progress: progress, buffering: buffering()
        ) { response, body in
            (response.statusCode, try await body.collect(upTo: 1 << 20))
        }
        guard status == 201 else {
            throw TestFailure("upload answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONDecoder().decode(UploadedFiles.self, from: data).files
    }
}
