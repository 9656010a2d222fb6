import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

struct DownloadIntegrityTests {
    private let file = sampleBytes(5_000, seed: 3)

    private func member(_ data: Data) throws -> String {
        "sha-256=:\(try HTTPDigest(sha256Hex: SHA256Sum.hex(data)).bytes.base64EncodedString()):"
    }

    @Test(arguments: ["Repr-Digest", "Content-Digest"])
    func aFileWithTheStatedDigestIsMovedIntoPlace(field: String) async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["Content-Length": "5000", field: "sha-512=:AAAA:, \(try member(file))"], chunks: [file])
        ])

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == file)
    }

    @Test(arguments: ["Repr-Digest", "Content-Digest"])
    func aFileOfAnotherDigestIsRefusedAndDiscarded(field: String) async throws {
        let folder = try TemporaryDirectory()
        try Data("old".utf8).write(to: folder.file("f"))
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["ETag": "\"e\"", "Content-Length": "5000", field: try member(Data("x".utf8))],
                chunks: [file])
        ])

        let error = await #expect(throws: HTTPDownloadError.self) {
            try await client.download(request: TestRequest(), to: folder.file("f"))
        }

        guard case .digestMismatch(.sha256, let expected, let actual) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(expected == (try SHA256Sum.hex(Data("x".utf8))))
        #expect(actual == (try SHA256Sum.hex(file)))
        #expect(try Data(contentsOf: folder.file("f")) == Data("old".utf8))
        #expect(try folder.contents() == ["f"])
    }

    @Test func theCallersDigestIsChecked() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: ["Content-Length": "5000"], chunks: [file]),
            .reply(200, headers: ["Content-Length": "5000"], chunks: [file]),
        ])

        await #expect(throws: HTTPDownloadError.self) {
            try await client.download(
                request: TestRequest(), to: folder.file("f"),
                expectedDigest: HTTPDigest(sha256Hex: SHA256Sum.hex(Data())))
        }
        #expect(try folder.contents().isEmpty)
        try await client.download(
            request: TestRequest(), to: folder.file("f"), expectedDigest: HTTPDigest(sha256Hex: SHA256Sum.hex(file)))

        #expect(try Data(contentsOf: folder.file("f")) == file)
    }

    @Test func aContentDigestOfA206IsNotTheFilesDigest() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["ETag": "\"e\"", "Content-Length": "5000"], chunks: [file.prefix(1_000)],
                failure: CancellationError()),
            .reply(
                206,
                headers: [
                    "ETag": "\"e\"", "Content-Range": "bytes 1000-4999/5000",
                    "Content-Digest": try member(file.suffix(4_000)),
                ],
                chunks: [file.suffix(4_000)]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == file)
    }

    @Test(arguments: [true, false])
    func aResumedDownloadHashesTheKeptBytesThenTheRest(firstStatesTheDigest: Bool) async throws {
        let folder = try TemporaryDirectory()
        let digest = try member(file)
        var first: HTTPHeaders = ["ETag": "\"e\"", "Content-Length": "5000"]
        if firstStatesTheDigest { first["Repr-Digest"] = digest }
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: first,
                chunks: [file.prefix(1_000), file[1_000..<1_500]], failure: CancellationError()),
            .reply(
                206, headers: ["ETag": "\"e\"", "Content-Range": "bytes 1500-4999/5000", "Repr-Digest": digest],
                chunks: [file.suffix(3_500)]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(await client.requests.last?.request.headers?["Range"] == "bytes=1500-")
        #expect(try Data(contentsOf: folder.file("f")) == file)
    }

    @Test func aResumedDownloadIsCheckedAgainstTheFirstResponsesDigest() async throws {
        let folder = try TemporaryDirectory()
        let changed = sampleBytes(4_000, seed: 77)
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["ETag": "\"e\"", "Content-Length": "5000", "Repr-Digest": try member(file)],
                chunks: [file.prefix(1_000)], failure: CancellationError()),
            .reply(206, headers: ["ETag": "\"e\"", "Content-Range": "bytes 1000-4999/5000"], chunks: [changed]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        await #expect(throws: HTTPDownloadError.self) {
            try await client.download(request: TestRequest(), to: folder.file("f"))
        }

        #expect(await client.requests.last?.request.headers?["Range"] == "bytes=1000-")
        #expect(try folder.contents().isEmpty)
    }

    @Test(arguments: [Data(count: 1_000), Data(count: 1_500)])
    func aJunkPartialFileBesideAValidRecordIsNeverContinued(junk: Data) async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["ETag": "\"e\"", "Content-Length": "5000"], chunks: [file.prefix(1_000)],
                failure: CancellationError()),
            .reply(200, headers: ["ETag": "\"e\"", "Content-Length": "5000"], chunks: [file]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))
        try junk.write(to: folder.file("f.partial"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(await client.requests.last?.request.headers?["Range"] == nil)
        #expect(try Data(contentsOf: folder.file("f")) == file)
    }

    @Test func aPartialFileThatGrewPastItsRecordStartsOver() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["ETag": "\"e\"", "Content-Length": "5000"], chunks: [file.prefix(1_000)],
                failure: CancellationError()),
            .reply(200, headers: ["ETag": "\"e\"", "Content-Length": "5000"], chunks: [file]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))
        let handle = try FileHandle(forWritingTo: folder.file("f.partial"))
        try handle.seekToEnd()
        try handle.write(contentsOf: file[1_000..<2_000])
        try handle.close()

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(await client.requests.last?.request.headers?["Range"] == nil)
        #expect(try Data(contentsOf: folder.file("f")) == file)
    }
}
