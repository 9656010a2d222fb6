import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

struct DownloadEdgeCaseTests {
    private let file = sampleBytes(5_000, seed: 9)
    private let headers: HTTPHeaders = ["ETag": "\"e\"", "Content-Length": "5000"]

    @Test func aCancelledTransferKeepsItsPartialFileAndResumes() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: headers, chunks: [file.prefix(1_000)], failure: CancellationError()),
            .reply(
                206, headers: ["ETag": "\"e\"", "Content-Range": "bytes 1000-4999/5000"], chunks: [file.suffix(4_000)]),
        ])

        await #expect(throws: CancellationError.self) {
            try await client.download(request: TestRequest(), to: folder.file("f"))
        }
        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == file)
        #expect(await client.requests.last?.request.headers?["Range"] == "bytes=1000-")
    }

    @Test func a206NamingAnotherVersionStartsOver() async throws {
        let folder = try TemporaryDirectory()
        let changed = sampleBytes(5_000, seed: 1)
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: headers, chunks: [file.prefix(1_000)], failure: CancellationError()),
            .reply(
                206, headers: ["ETag": "\"other\"", "Content-Range": "bytes 1000-4999/5000"],
                chunks: [changed.suffix(4_000)]),
            .reply(200, headers: ["ETag": "\"other\"", "Content-Length": "5000"], chunks: [changed]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == changed)
        #expect(await client.requests.map { $0.request.headers?["Range"] } == [nil, "bytes=1000-", nil])
    }

    @Test(arguments: [0o600, 0o444, 0o755])
    func aReplacedFileKeepsItsPermissions(mode: Int) async throws {
        let folder = try TemporaryDirectory()
        let destination = try folder.file("f", contents: Data("old".utf8))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: destination.path)
        let client = StreamingScriptedHTTPClient(replies: [.reply(200, headers: headers, chunks: [file])])

        try await client.download(request: TestRequest(), to: destination)

        let attributes = try FileManager.default.attributesOfItem(atPath: destination.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode)
        #expect(try Data(contentsOf: destination) == file)
    }

    @Test(arguments: [(0o6755, 0o755), (0o4700, 0o700), (0o3775, 0o775)])
    func aReplacedFileKeepsItsPermissionBitsWithoutSetuidSetgidOrSticky(mode: Int, kept: Int) async throws {
        let folder = try TemporaryDirectory()
        let destination = try folder.file("f", contents: Data("old".utf8))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: destination.path)
        try #require(
            (try FileManager.default.attributesOfItem(atPath: destination.path)[.posixPermissions] as? NSNumber)?
                .intValue == mode, "the system kept the special bits of the old file")
        let client = StreamingScriptedHTTPClient(replies: [.reply(200, headers: headers, chunks: [file])])

        try await client.download(request: TestRequest(), to: destination)

        let attributes = try FileManager.default.attributesOfItem(atPath: destination.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == kept)
        #expect(try Data(contentsOf: destination) == file)
    }

    @Test func aCompleteDownloadReplacesTheDestination() async throws {
        let folder = try TemporaryDirectory()
        try Data("old".utf8).write(to: folder.file("f"))
        let client = ScriptedHTTPClient(replies: [.response(file, HTTPResponse(statusCode: 200, headers: headers))])

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == file)
        #expect(try folder.contents() == ["f"])
    }

    @Test(arguments: [
        "not json", "{\"formatVersion\": 99, \"resource\": \"GET v1/resource?\", \"validator\": \"\\\"e\\\"\"}",
    ])
    func anUnreadableResumeRecordStartsOver(record: String) async throws {
        let folder = try TemporaryDirectory()
        try file.prefix(1_000).write(to: folder.file("f.partial"))
        try Data(record.utf8).write(to: folder.file("f.partial.json"))
        let client = StreamingScriptedHTTPClient(replies: [.reply(200, headers: headers, chunks: [file])])

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(await client.requests.first?.request.headers?["Range"] == nil)
        #expect(try Data(contentsOf: folder.file("f")) == file)
        #expect(try folder.contents() == ["f"])
    }

    @Test func theCallersRangeHeadersAreReplaced() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [.reply(200, headers: headers, chunks: [file])])

        try await client.download(
            request: TestRequest(headers: ["Range": "bytes=0-1", "If-Range": "\"x\"", "Accept-Encoding": "gzip"]),
            to: folder.file("f"))

        let sent = try #require(await client.requests.first?.request.headers)
        #expect(sent["Range"] == nil)
        #expect(sent["If-Range"] == nil)
        #expect(sent["Accept-Encoding"] == "gzip")
    }

    @Test func aContentEncodedResponseIsNeitherLengthCheckedNorResumable() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["ETag": "\"e\"", "Content-Length": "10", "Content-Encoding": "gzip"],
                chunks: [file.prefix(1_000)], failure: TransferInterrupted())
        ])

        await #expect(throws: TransferInterrupted.self) {
            try await client.download(request: TestRequest(), to: folder.file("f"))
        }

        #expect(try folder.contents().isEmpty)
    }

    @Test func aMissingFolderIsAFileSystemError() async throws {
        let folder = try TemporaryDirectory()
        let client = ScriptedHTTPClient(replies: [.response(file, HTTPResponse(statusCode: 200, headers: headers))])

        let error = await #expect(throws: HTTPDownloadError.self) {
            try await client.download(request: TestRequest(), to: folder.file("missing/f"))
        }

        guard case .fileSystem = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }
}
