import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

/// Resumes that must not splice bytes of two files together, and refusals that must not loop.
struct DownloadSpliceTests {
    private let file = sampleBytes(5_000, seed: 3)
    private let changed = sampleBytes(6_000, seed: 4)
    private let headers: HTTPHeaders = ["ETag": "\"e\"", "Content-Length": "5000"]

    @Test(arguments: [
        ["Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT", "Date": "Wed, 21 Oct 2026 07:28:00 GMT"],
        ["Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT"],
        ["Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT", "Date": "not a date"],
    ])
    func aWeakLastModifiedIsNeverSentAsIfRange(fields: [String: String]) async throws {
        let folder = try TemporaryDirectory()
        var headers = HTTPHeaders(fields)
        headers["Content-Length"] = "5000"
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: headers, chunks: [file.prefix(1_000)], failure: TransferInterrupted()),
            .reply(200, headers: headers, chunks: [file]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        let resumed = try #require(await client.requests.last?.request.headers)
        #expect(resumed["Range"] == nil)
        #expect(resumed["If-Range"] == nil)
        #expect(try Data(contentsOf: folder.file("f")) == file)
    }

    @Test func a206WithAnotherCompleteLengthStartsOver() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: headers, chunks: [file.prefix(1_000)], failure: TransferInterrupted()),
            .reply(
                206, headers: ["ETag": "\"e\"", "Content-Range": "bytes 1000-5999/6000"],
                chunks: [changed.suffix(5_000)]),
            .reply(200, headers: ["ETag": "\"e\"", "Content-Length": "6000"], chunks: [changed]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == changed)
        #expect(await client.requests.map { $0.request.headers?["Range"] } == [nil, "bytes=1000-", nil])
    }

    @Test func aFinishedFileShorterThanItsFirstContentLengthIsNotMovedIntoPlace() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: headers, chunks: [file.prefix(1_000)], failure: TransferInterrupted()),
            .reply(
                206, headers: ["ETag": "\"e\"", "Content-Range": "bytes 1000-1999/*"],
                chunks: [file.subdata(in: 1_000..<2_000)]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        let error = await #expect(throws: HTTPDownloadError.self) {
            try await client.download(request: TestRequest(), to: folder.file("f"))
        }

        guard case .lengthMismatch(let expected, let received)? = error else {
            Issue.record("expected lengthMismatch, got \(String(describing: error))")
            return
        }
        #expect(expected == 5_000 && received == 2_000)
        #expect(!FileManager.default.fileExists(atPath: folder.file("f").path))
    }

    @Test func theRecordOfANewResponseIsNotWrittenBeforeThePartialFileIsTruncated() async throws {
        let folder = try TemporaryDirectory()
        let partial = folder.file("f.partial")
        let interrupted = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: headers, chunks: [file.prefix(1_000)], failure: TransferInterrupted())
        ])
        _ = try? await interrupted.download(request: TestRequest(), to: folder.file("f"))
        // The partial file cannot be truncated: the new response's bytes never get a place to go.
        let client = ScriptedHTTPClient { _ in
            try FileManager.default.removeItem(at: partial)
            try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: false)
            return (changed, HTTPResponse(statusCode: 200, headers: ["ETag": "\"new\"", "Content-Length": "6000"]))
        }

        await #expect(throws: HTTPDownloadError.self) {
            try await client.download(request: TestRequest(), to: folder.file("f"))
        }

        let record = try? String(decoding: Data(contentsOf: folder.file("f.partial.json")), as: UTF8.self)
        #expect(record?.contains("new") != true, "the record vouches for bytes that were never written")
    }

    @Test func a416ThrownByADecoratorStartsOverOnce() async throws {
        let folder = try TemporaryDirectory()
        let scripted = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: headers, chunks: [file.prefix(1_000)], failure: TransferInterrupted()),
            .reply(416, headers: ["Content-Range": "bytes */5000"]),
            .reply(200, headers: headers, chunks: [file]),
        ])
        let client = ThrowingOnFailureStatus(client: scripted)
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == file)
        #expect(await scripted.requests.map { $0.request.headers?["Range"] } == [nil, "bytes=1000-", nil])
    }

    @Test func a416ToEveryRequestThrowsAfterOneStartOver() async throws {
        let folder = try TemporaryDirectory()
        let scripted = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: headers, chunks: [file.prefix(1_000)], failure: TransferInterrupted()),
            .reply(416, headers: ["Content-Range": "bytes */5000"]),
            .reply(416, headers: ["Content-Range": "bytes */5000"]),
        ])
        let client = ThrowingOnFailureStatus(client: scripted)
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        let error = await #expect(throws: HTTPError.self) {
            try await client.download(request: TestRequest(), to: folder.file("f"))
        }

        guard case .httpCode(let status, _)? = error else {
            Issue.record("expected httpCode, got \(String(describing: error))")
            return
        }
        #expect(status == 416)
        #expect(await scripted.requests.count == 3)
        #expect(try folder.contents().isEmpty)
    }
}

/// Throws `HTTPError.httpCode` for every status outside 2xx before the caller sees the response, as the
/// `handlingErrors()` decorator does.
private struct ThrowingOnFailureStatus: HTTPClient {
    let client: any HTTPClient

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await client.load(request: request)
    }

    func stream<Result: Sendable>(
        request: any HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await client.stream(request: request, body: body, progress: progress) { response, responseBody in
            guard (200..<300).contains(response.statusCode) else {
                throw HTTPError.httpCode(statusCode: response.statusCode, data: Data())
            }
            return try await receive(response, responseBody)
        }
    }
}

/// A resume record names the origin its bytes came from.
struct DownloadOriginTests {
    private let file = sampleBytes(5_000, seed: 3)
    private let other = sampleBytes(5_000, seed: 5)
    private let headers: HTTPHeaders = ["ETag": "\"e\"", "Content-Length": "5000"]
    private let first = URL(string: "https://one.example/f")
    private let second = URL(string: "https://two.example:443/f")

    @Test func a206FromAnotherOriginStartsOver() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(statusCode: 200, headers: headers, url: first),
                steps: [.chunk(file.prefix(1_000)), .fail(TransferInterrupted())]),
            StreamedReply(
                HTTPResponse(
                    statusCode: 206, headers: ["ETag": "\"e\"", "Content-Range": "bytes 1000-4999/5000"], url: second),
                steps: [.chunk(other.suffix(4_000))]),
            StreamedReply(HTTPResponse(statusCode: 200, headers: headers, url: second), steps: [.chunk(other)]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == other)
        #expect(await client.requests.map { $0.request.headers?["Range"] } == [nil, "bytes=1000-", nil])
    }

    @Test func a206FromTheSameOriginWithItsDefaultPortSpelledOutAppends() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(statusCode: 200, headers: headers, url: URL(string: "HTTPS://Two.Example/f")),
                steps: [.chunk(file.prefix(1_000)), .fail(TransferInterrupted())]),
            StreamedReply(
                HTTPResponse(
                    statusCode: 206, headers: ["ETag": "\"e\"", "Content-Range": "bytes 1000-4999/5000"], url: second),
                steps: [.chunk(file.suffix(4_000))]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == file)
        #expect(await client.requests.count == 2)
    }
}
