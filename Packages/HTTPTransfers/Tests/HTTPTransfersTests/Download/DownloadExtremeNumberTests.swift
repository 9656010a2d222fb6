import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

/// Numbers a server states at the edge of 63 bits: a download completes, starts over or throws, never traps.
struct DownloadExtremeNumberTests {
    private let file = sampleBytes(5_000, seed: 4)
    private let headers: HTTPHeaders = ["ETag": "\"e\"", "Content-Length": "5000"]

    /// The offset after such a range does not fit in 63 bits: the range is refused and the file asked for again.
    @Test func a206EndingAtTheLargestOffsetWithoutALengthStartsOver() async throws {
        let contentRange = "bytes 1000-9223372036854775807/*"
        let folder = try TemporaryDirectory()
        let client = StreamingScriptedHTTPClient(replies: [
            .reply(200, headers: headers, chunks: [file.prefix(1_000)], failure: CancellationError()),
            .reply(206, headers: ["ETag": "\"e\"", "Content-Range": contentRange], chunks: [file.suffix(4_000)]),
            .reply(200, headers: headers, chunks: [file]),
        ])
        _ = try? await client.download(request: TestRequest(), to: folder.file("f"))

        try await client.download(request: TestRequest(), to: folder.file("f"))

        #expect(try Data(contentsOf: folder.file("f")) == file)
        #expect(await client.requests.map { $0.request.headers?["Range"] } == [nil, "bytes=1000-", nil])
    }
}
