import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

struct DownloadOrphanTests {
    private let file = sampleBytes(5_000, seed: 5)

    @Test(arguments: [404, 410])
    func aFileThatIsGoneLeavesNoPartialFile(status: Int) async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["ETag": "\"e\"", "Content-Length": "5000"], chunks: [file.prefix(1_000)],
                failure: CancellationError()),
            .reply(status, headers: [:], chunks: [Data("gone".utf8)]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))
        #expect(try folder.contents() == ["f.partial", "f.partial.json"])

        let error = await #expect(throws: HTTPError.self) {
            try await client.download(request: TestRequest(), to: folder.file("f"))
        }

        guard case .httpCode(let code, _) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(code == status)
        #expect(try folder.contents().isEmpty)
    }

    @Test func aPassingFailureKeepsThePartialFile() async throws {
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(
                200, headers: ["ETag": "\"e\"", "Content-Length": "5000"], chunks: [file.prefix(1_000)],
                failure: CancellationError()),
            .reply(503, headers: [:], chunks: []),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        await #expect(throws: HTTPError.self) {
            try await client.download(request: TestRequest(), to: folder.file("f"))
        }

        #expect(try folder.contents() == ["f.partial", "f.partial.json"])
    }
}
