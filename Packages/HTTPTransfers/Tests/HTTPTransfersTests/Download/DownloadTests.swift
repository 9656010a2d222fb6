import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

struct DownloadTests {
    private let file = sampleBytes(10_000)
    private let etag = "\"v1\""

    @Test func writesTheFileAndLeavesNothingBeside() async throws {
        let folder = try TemporaryDirectory()
        let client = ScriptedHTTPClient(replies: [
            .response(file, HTTPResponse(statusCode: 200, headers: ["ETag": etag]))
        ])

        let response = try await client.download(request: TestRequest(), to: folder.file("file.bin"))

        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: folder.file("file.bin")) == file)
        #expect(try folder.contents() == ["file.bin"])
        let sent = try #require(await client.requests.first)
        #expect(sent.headers?["Range"] == nil)
        #expect(sent.headers?["Accept-Encoding"] == "identity")
    }

    @Test func resumesAnInterruptedTransferWithRangeAndIfRangeAndAppendsThe206() async throws {
        let folder = try TemporaryDirectory()
        let destination = folder.file("file.bin")
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["ETag": etag, "Content-Length": "10000"],
                chunks: chunks(of: file.prefix(4_000), size: 1_000),
                failure: TransferInterrupted()),
            .reply(
                206, headers: ["ETag": etag, "Content-Range": "bytes 4000-9999/10000", "Content-Length": "6000"],
                chunks: chunks(of: file.suffix(6_000), size: 1_000)),
        ])

        await #expect(throws: TransferInterrupted()) {
            try await client.download(request: TestRequest(), to: destination)
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(try folder.contents() == ["file.bin.partial", "file.bin.partial.json"])
        let response = try await client.download(request: TestRequest(), to: destination)

        #expect(response.statusCode == 206)
        #expect(try Data(contentsOf: destination) == file)
        #expect(try folder.contents() == ["file.bin"])
        let resumed = try #require(await client.requests.last?.request)
        #expect(resumed.headers?["Range"] == "bytes=4000-")
        #expect(resumed.headers?["If-Range"] == etag)
    }

    @Test(arguments: [
        (["ETag": "\"strong\"", "Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT"], "\"strong\""),
        (
            [
                "ETag": "W/\"weak\"", "Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT",
                "Date": "Wed, 21 Oct 2026 07:28:01 GMT",
            ],
            "Wed, 21 Oct 2026 07:28:00 GMT"
        ),
        (
            ["Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT", "Date": "Thu, 22 Oct 2026 07:28:00 GMT"],
            "Wed, 21 Oct 2026 07:28:00 GMT"
        ),
    ])
    func ifRangeIsTheStrongETagElseLastModified(headers: [String: String], expected: String) async throws {
        let folder = try TemporaryDirectory()
        let client = try await interruptedClient(in: folder, headers: HTTPHeaders(headers))

        _ = try? await client.download(request: TestRequest(), to: folder.file("file.bin"))

        #expect(await client.requests.last?.request.headers?["If-Range"] == expected)
    }

    @Test func aResponseWithoutAValidatorIsNotResumedAndLeavesNothing() async throws {
        let folder = try TemporaryDirectory()
        let client = try await interruptedClient(in: folder, headers: ["Content-Length": "10000"])

        #expect(try folder.contents().isEmpty)
        _ = try? await client.download(request: TestRequest(), to: folder.file("file.bin"))
        #expect(await client.requests.last?.request.headers?["Range"] == nil)
    }

    @Test func a200ToTheRangeRequestStartsOverFromItsOwnBytes() async throws {
        let folder = try TemporaryDirectory()
        let changed = sampleBytes(3_000, seed: 7)
        let client = try await interruptedClient(
            in: folder, then: [.reply(200, headers: ["ETag": "\"v2\""], chunks: [changed])])

        let response = try await client.download(request: TestRequest(), to: folder.file("file.bin"))

        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: folder.file("file.bin")) == changed)
        #expect(try folder.contents() == ["file.bin"])
        #expect(await client.requests.count == 2)
    }

    @Test func a416DiscardsThePartialFileAndAsksForTheWholeFile() async throws {
        let folder = try TemporaryDirectory()
        let client = try await interruptedClient(
            in: folder,
            then: [
                .reply(416, headers: ["Content-Range": "bytes */10000"], chunks: [Data("no".utf8)]),
                .reply(200, headers: ["ETag": etag, "Content-Length": "10000"], chunks: [file]),
            ])

        try await client.download(request: TestRequest(), to: folder.file("file.bin"))

        #expect(try Data(contentsOf: folder.file("file.bin")) == file)
        #expect(await client.requests.map { $0.request.headers?["Range"] } == [nil, "bytes=4000-", nil])
        #expect(await client.requests.last?.request.headers?["If-Range"] == nil)
    }

    @Test(arguments: ["bytes 3999-9999/10000", "bytes 4000-8999/10000", "bytes 4000-9999", "bytes 4000-9999/*x"])
    func a206ForOtherBytesStartsOverCleanly(contentRange: String) async throws {
        let folder = try TemporaryDirectory()
        let client = try await interruptedClient(
            in: folder,
            then: [
                .reply(206, headers: ["ETag": etag, "Content-Range": contentRange], chunks: [file.suffix(6_000)]),
                .reply(200, headers: ["ETag": etag, "Content-Length": "10000"], chunks: [file]),
            ])

        try await client.download(request: TestRequest(), to: folder.file("file.bin"))

        #expect(try Data(contentsOf: folder.file("file.bin")) == file)
        #expect(await client.requests.map { $0.request.headers?["Range"] } == [nil, "bytes=4000-", nil])
    }

    @Test func aShortBodyIsAnErrorAndKeepsThePartialFileForLater() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: ["ETag": etag, "Content-Length": "10000"], chunks: [file.prefix(9_999)])
        ])

        let error = await #expect(throws: HTTPDownloadError.self) {
            try await client.download(request: TestRequest(), to: folder.file("file.bin"))
        }

        guard case .lengthMismatch(10_000, 9_999) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(try folder.contents() == ["file.bin.partial", "file.bin.partial.json"])
    }

    @Test func aLongBodyIsAnErrorAndLeavesNothing() async throws {
        let folder = try TemporaryDirectory()
        let client = ScriptedHTTPClient(replies: [
            .response(file, HTTPResponse(statusCode: 200, headers: ["ETag": etag, "Content-Length": "9999"]))
        ])

        let error = await #expect(throws: HTTPDownloadError.self) {
            try await client.download(request: TestRequest(), to: folder.file("file.bin"))
        }

        guard case .lengthMismatch(9_999, 10_000) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test func aResumedBodyMustMatchTheCompleteLength() async throws {
        let folder = try TemporaryDirectory()
        let client = try await interruptedClient(
            in: folder,
            then: [
                .reply(
                    206, headers: ["ETag": etag, "Content-Range": "bytes 4000-9999/10000"], chunks: [file.suffix(5_000)]
                )
            ])

        let error = await #expect(throws: HTTPDownloadError.self) {
            try await client.download(request: TestRequest(), to: folder.file("file.bin"))
        }

        guard case .lengthMismatch(10_000, 9_000) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("file.bin").path))
    }

    @Test func aNon2xxAnswerThrowsWithAPrefixOfItsBodyAndWritesNothing() async throws {
        let folder = try TemporaryDirectory()
        let destination = folder.file("file.bin")
        try Data("previous".utf8).write(to: destination)
        let client = ScriptedHTTPClient(replies: [
            .response(Data(repeating: 65, count: 5_000), HTTPResponse(statusCode: 404))
        ])

        let error = await #expect(throws: HTTPError.self) {
            try await client.download(request: TestRequest(), to: destination)
        }

        #expect(error == .httpCode(statusCode: 404, data: Data(repeating: 65, count: 1_024)))
        #expect(try folder.contents() == ["file.bin"])
        #expect(try Data(contentsOf: destination) == Data("previous".utf8))
    }

    @Test func aFailureKeepsThePartialFileOfAnEarlierTransfer() async throws {
        let folder = try TemporaryDirectory()
        let client = try await interruptedClient(in: folder, then: [.reply(503, chunks: [Data("busy".utf8)])])

        await #expect(throws: HTTPError.httpCode(statusCode: 503, data: Data("busy".utf8))) {
            try await client.download(request: TestRequest(), to: folder.file("file.bin"))
        }

        #expect(try folder.contents() == ["file.bin.partial", "file.bin.partial.json"])
    }

    @Test func anotherRequestToTheSameDestinationStartsOver() async throws {
        let folder = try TemporaryDirectory()
        let client = try await interruptedClient(
            in: folder, then: [.reply(200, headers: ["ETag": etag], chunks: [file])])

        try await client.download(request: TestRequest(path: "other"), to: folder.file("file.bin"))

        #expect(await client.requests.last?.request.headers?["Range"] == nil)
        #expect(try Data(contentsOf: folder.file("file.bin")) == file)
    }

    @Test func a206ToAWholeFileRequestIsAnError() async throws {
        let folder = try TemporaryDirectory()
        let client = ScriptedHTTPClient(replies: [
            .response(file, HTTPResponse(statusCode: 206, headers: ["Content-Range": "bytes 0-9999/10000"]))
        ])

        let error = await #expect(throws: HTTPDownloadError.self) {
            try await client.download(request: TestRequest(), to: folder.file("file.bin"))
        }

        guard case .unexpectedPartialContent = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test func progressIsMonotonicCountsResumedBytesAndEndsAtTheTotal() async throws {
        let folder = try TemporaryDirectory()
        let reports = RecordedValues<HTTPTransferProgress>()
        let client = try await interruptedClient(
            in: folder,
            then: [
                .reply(
                    206, headers: ["ETag": etag, "Content-Range": "bytes 4000-9999/10000"],
                    chunks: chunks(of: file.suffix(6_000), size: 2_000))
            ])

        try await client.download(request: TestRequest(), to: folder.file("file.bin"), progress: reports.append)

        #expect(reports.values.map(\.bytesReceived) == [4_000, 6_000, 8_000, 10_000])
        #expect(reports.values.allSatisfy { $0.bytesExpectedToReceive == 10_000 })
    }

    /// A client whose first download of `file.bin` in `folder` breaks after 4 000 bytes, leaving a partial
    /// file, and that answers `then` afterwards.
    private func interruptedClient(
        in folder: TemporaryDirectory, headers: HTTPHeaders? = nil, then answers: [StreamedReply] = []
    ) async throws -> StreamingScriptedHTTPClient {
        let client = StreamingScriptedHTTPClient(
            replies: [
                .reply(
                    200, headers: headers ?? ["ETag": etag, "Content-Length": "10000"], chunks: [file.prefix(4_000)],
                    failure: TransferInterrupted())
            ] + answers)
        await #expect(throws: TransferInterrupted.self) {
            try await client.download(request: TestRequest(), to: folder.file("file.bin"))
        }
        return client
    }
}
