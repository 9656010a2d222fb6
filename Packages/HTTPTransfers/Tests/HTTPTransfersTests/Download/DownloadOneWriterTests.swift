import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

/// One writer per destination: a second download of a destination being written gives way at once, and a
/// download whose partial file was replaced moves nothing into place.
struct DownloadOneWriterTests {
    private let file = sampleBytes(5_000, seed: 3)
    private let headers: HTTPHeaders = ["ETag": "\"e\"", "Content-Length": "5000"]

    @Test func aSecondDownloadOfTheSameDestinationGivesWayNamingTheFirst() async throws {
        let folder = try TemporaryDirectory()
        let destination = folder.file("same.bin")
        let gate = Gate()
        let first = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(statusCode: 200, headers: headers),
                steps: [.chunk(file.prefix(1_000)), .wait(gate), .chunk(file.suffix(4_000))])
        ])
        let second = StreamingScriptedHTTPClient(replies: [.reply(200, headers: headers, chunks: [file])])
        let (received, receiving) = AsyncStream<Void>.makeStream()
        let running = Task {
            try await first.download(request: TestRequest(), to: destination) { progress in
                if progress.bytesReceived > 0 { receiving.yield() }
            }
        }
        for await _ in received { break }

        let error = await #expect(throws: HTTPDownloadError.self) {
            try await second.download(request: TestRequest(), to: destination)
        }
        #expect(try folder.contents() == ["same.bin.partial", "same.bin.partial.json", "same.bin.partial.lock"])
        await gate.open()
        _ = try await running.value

        guard case .destinationInUse(destination.path, folder.file("same.bin.partial.lock").path, getpid()) = error
        else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(error?.description.contains("Another download is writing \(destination.path)") == true)
        #expect(await second.requests.isEmpty, "the second download sent nothing")
        #expect(try Data(contentsOf: destination) == file)
        #expect(try folder.contents() == ["same.bin"])
    }

    @Test func aPartialFileReplacedMidDownloadIsNotMovedIntoPlace() async throws {
        let folder = try TemporaryDirectory()
        let destination = folder.file("same.bin")
        let gate = Gate()
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(statusCode: 200, headers: headers),
                steps: [.chunk(file.prefix(1_000)), .wait(gate), .chunk(file.suffix(4_000))])
        ])
        let (received, receiving) = AsyncStream<Void>.makeStream()
        let running = Task {
            try await client.download(request: TestRequest(), to: destination) { progress in
                if progress.bytesReceived > 0 { receiving.yield() }
            }
        }
        for await _ in received { break }
        let other = Data("another program's bytes".utf8)
        try FileManager.default.removeItem(at: folder.file("same.bin.partial"))
        try other.write(to: folder.file("same.bin.partial"))
        await gate.open()

        let error = await #expect(throws: HTTPDownloadError.self) { try await running.value }

        guard case .partialFileReplaced(folder.file("same.bin.partial").path) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(try Data(contentsOf: folder.file("same.bin.partial")) == other)
    }
}
