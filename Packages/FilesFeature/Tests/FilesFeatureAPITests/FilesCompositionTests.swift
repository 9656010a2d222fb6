import FilesFeature
import FilesFeatureAPI
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers
import Testing

@Suite struct FilesCompositionTests {
    @Test func listLoadsAndMapsTheFiles() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            .status(200, chunks: [#"{"files":[{"name":"a","size":1,"sha256":"#, #""ca"}]}"#])
        ])

        let files = try await FilesActions.composed(client: client).list()

        #expect(files == [RemoteFile(name: "a", size: 1, sha256: "ca")])
        #expect(await client.requests.map(\.request) == [HTTPRequestSnapshot(FilesAPI.list)])
    }

    @Test func downloadWritesTheFileAndReportsProgressToTheEnd() async throws {
        let folder = try TemporaryDirectory(prefix: "files-feature")
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("data.bin")
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(statusCode: 200, headers: ["Content-Length": "6", "ETag": #""v1""#]),
                steps: [.chunk(Data("abc".utf8)), .chunk(Data("def".utf8))], length: .known(6))
        ])
        let reports = RecordedValues<TransferProgress>()

        try await FilesActions.composed(client: client).download("data.bin", destination) { reports.append($0) }

        #expect(try Data(contentsOf: destination) == Data("abcdef".utf8))
        #expect(reports.values.last == TransferProgress(completedBytes: 6, totalBytes: 6))
        #expect(reports.values.map(\.completedBytes) == reports.values.map(\.completedBytes).sorted())
        #expect(await client.requests.first?.request.path == "files/data.bin")
    }

    @Test func anInterruptedDownloadResumesWithARangeRequest() async throws {
        let folder = try TemporaryDirectory(prefix: "files-feature")
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("data.bin")
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(statusCode: 200, headers: ["Content-Length": "6", "ETag": #""v1""#]),
                steps: [.chunk(Data("abc".utf8)), .fail(Interrupted())], length: .known(6)),
            StreamedReply(
                HTTPResponse(
                    statusCode: 206,
                    headers: ["Content-Length": "3", "Content-Range": "bytes 3-5/6", "ETag": #""v1""#]),
                steps: [.chunk(Data("def".utf8))], length: .known(3)),
        ])
        let actions = FilesActions.composed(client: client)

        await #expect(throws: Interrupted.self) { try await actions.download("data.bin", destination) { _ in } }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        try await actions.download("data.bin", destination) { _ in }

        #expect(try Data(contentsOf: destination) == Data("abcdef".utf8))
        let resumed = await client.requests.last?.request.headers
        #expect(resumed?["Range"] == "bytes=3-")
        #expect(resumed?["If-Range"] == #""v1""#)
    }

    @Test func aMissingFileIsAReadableErrorAndNoFile() async throws {
        let folder = try TemporaryDirectory(prefix: "files-feature")
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("missing")
        let client = StreamingScriptedHTTPClient(replies: [
            .status(404, chunks: [#"{"error":"no file named 'missing'"}"#])
        ])

        await #expect(throws: FilesDownloadMapper.Error.unexpectedStatus(404, serverMessage: "no file named 'missing'"))
        {
            try await FilesActions.composed(client: client).download("missing", destination) { _ in }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func uploadSendsEachFileAsAFilePartAndMapsTheAnswer() async throws {
        let folder = try TemporaryDirectory(prefix: "files-feature")
        defer { folder.remove() }
        let first = try folder.file("one.txt", contents: Data("first".utf8))
        let second = try folder.file("two ✓.bin", contents: Data([0, 1, 2]))
        let client = StreamingScriptedHTTPClient(replies: [
            .status(
                201,
                chunks: [
                    #"{"files":[{"name":"one.txt","size":5,"sha256":"x"},{"name":"two ✓.bin","size":3,"sha256":"y"}]}"#
                ])
        ])
        let reports = RecordedValues<TransferProgress>()

        let stored = try await FilesActions.composed(client: client).upload([first, second]) { reports.append($0) }

        #expect(stored.map(\.name) == ["one.txt", "two ✓.bin"])
        let sent = try #require(await client.requests.first)
        let contentType = try #require(sent.request.headers?["Content-Type"])
        let boundary = try #require(contentType.split(separator: "boundary=").last.map(String.init))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let body = try #require(sent.body)
        let expected = [
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"one.txt\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\nfirst\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"two _.bin\"; "
                + "filename*=UTF-8''two%20%E2%9C%93.bin\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n\u{0}\u{1}\u{2}\r\n",
            "--\(boundary)--\r\n",
        ].joined()
        #expect(body == Data(expected.utf8))
        #expect(
            reports.values.last == TransferProgress(completedBytes: Int64(body.count), totalBytes: Int64(body.count)))
        #expect(sent.request.method == .post)
    }

    @Test func uploadOfNothingOrOfAMissingFileSendsNothing() async throws {
        let client = StreamingScriptedHTTPClient(replies: [])
        let actions = FilesActions.composed(client: client)

        await #expect(throws: FilesUploadForm.Error.noFiles) { try await actions.upload([]) { _ in } }
        await #expect(throws: HTTPBodyError.self) {
            try await actions.upload([URL(fileURLWithPath: "/nonexistent-files-test/x")]) { _ in }
        }
        #expect(await client.requests.isEmpty)
    }

    @Test func namesTheFilesAPICannotStoreAreRefusedBeforeAnyFileIsRead() async throws {
        let folder = try TemporaryDirectory(prefix: "files-feature")
        defer { folder.remove() }
        let file = try folder.file("ok.txt", contents: Data("x".utf8))
        let hidden = try folder.file(".env", contents: Data("x".utf8))
        let long = folder.url.appendingPathComponent(String(repeating: "n", count: 256))
        let twin = folder.url.appendingPathComponent("more/ok.txt")
        let client = StreamingScriptedHTTPClient(replies: [])
        let actions = FilesActions.composed(client: client)

        await #expect(throws: FilesUploadForm.Error.unstorableName(".env", reason: .startsWithDot)) {
            try await actions.upload([file, hidden]) { _ in }
        }
        await #expect(throws: FilesUploadForm.Error.unstorableName(long.lastPathComponent, reason: .tooLong)) {
            try await actions.upload([long]) { _ in }
        }
        await #expect(throws: FilesUploadForm.Error.duplicateName("ok.txt")) {
            try await actions.upload([file, twin]) { _ in }
        }
        #expect(await client.requests.isEmpty)
    }

    @Test(arguments: [
        ("", FilesUploadForm.NameProblem.empty), (".", .startsWithDot), ("..", .startsWithDot),
        ("a\\b", .forbiddenCharacter), ("a\rb", .forbiddenCharacter), ("a\u{0}b", .forbiddenCharacter),
        (String(repeating: "\u{E9}", count: 128), .tooLong),
    ])
    func nameProblemsMatchWhatTheServerRefuses(name: String, problem: FilesUploadForm.NameProblem) {
        #expect(FilesUploadForm.problem(with: name) == problem)
    }

    @Test func namesTheServerStoresHaveNoProblem() {
        #expect(FilesUploadForm.problem(with: "caf\u{E9} \"quoted\" 100%.txt") == nil)
        #expect(FilesUploadForm.problem(with: String(repeating: "n", count: 255)) == nil)
    }

    @Test func aRefusedUploadCarriesTheServersMessage() async throws {
        let folder = try TemporaryDirectory(prefix: "files-feature")
        defer { folder.remove() }
        let file = try folder.file("x", contents: Data("x".utf8))
        let client = StreamingScriptedHTTPClient(replies: [.status(400, chunks: [#"{"error":"bad file name"}"#])])

        await #expect(throws: FilesUploadMapper.Error.unexpectedStatus(400, serverMessage: "bad file name")) {
            _ = try await FilesActions.composed(client: client).upload([file]) { _ in }
        }
    }

    @Test func deleteSendsADeleteAndMapsTheStatus() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(204), .status(404, chunks: [#"{"error":"gone"}"#])])
        let actions = FilesActions.composed(client: client)

        try await actions.delete("old")
        await #expect(throws: FilesDeleteMapper.Error.unexpectedStatus(404, serverMessage: "gone")) {
            try await actions.delete("old")
        }
        #expect(
            await client.requests.map(\.request) == [
                HTTPRequestSnapshot(FilesAPI.delete(name: "old")), HTTPRequestSnapshot(FilesAPI.delete(name: "old")),
            ])
    }

    private struct Interrupted: Error {}
}
