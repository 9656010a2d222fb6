import FilesFeature
import FilesFeatureAPI
import Foundation
import HTTPClient
import Synchronization
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The Files closures move bodies as streams: an upload is read from disk in bounded chunks with an exact length,
/// and an interrupted download leaves its partial file for the next run.
struct FilesTransferCompositionTests {
    @Test func anUploadIsReadFromDiskInBoundedChunksWithAKnownLength() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.bin")
        try Data(repeating: 7, count: 3 << 20).write(to: file)
        let client = UploadInspectingClient()

        let stored = try await FilesFeatureComposer.actions(client: client).upload([file]) { _ in }

        #expect(stored == [RemoteFile(name: "big.bin", size: 3, sha256: String(repeating: "ab", count: 32))])
        let seen = try #require(client.seen.withLock { $0 })
        #expect(seen.length == .known(Int64(seen.total)))
        #expect(seen.total > 3 << 20)
        #expect(seen.isReplayable, "a file body can be sent again by retry and token refresh")
        #expect(seen.largestChunk <= 1 << 20, "never the whole file in one piece")
    }

    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("files-transfer-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Reads the upload body it is handed chunk by chunk, remembers its shape, and answers 201 with one file.
private final class UploadInspectingClient: HTTPClient {
    struct Seen: Sendable {
        var length: HTTPBodyLength
        var isReplayable: Bool
        var total = 0
        var largestChunk = 0
    }

    let seen = Mutex<Seen?>(nil)

    struct LoadNotExpected: Error {}

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        throw LoadNotExpected()
    }

    func stream<Result: Sendable>(
        request: HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let body = try #require(body)
        var shape = Seen(length: body.length, isReplayable: body.isReplayable)
        for try await chunk in body {
            shape.total += chunk.count
            shape.largestChunk = max(shape.largestChunk, chunk.count)
        }
        seen.withLock { [shape] in $0 = shape }
        let answer = #"{"files":[{"name":"big.bin","size":3,"sha256":"\#(String(repeating: "ab", count: 32))"}]}"#
        return try await receive(
            HTTPResponse(statusCode: 201, headers: ["Content-Type": "application/json"]), HTTPBody(Data(answer.utf8)))
    }
}
