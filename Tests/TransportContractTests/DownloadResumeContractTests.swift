import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers
import Testing

/// `download(request:to:)` over each transport against the Files API: an interrupted download resumes with
/// `Range` and `If-Range` on a 206, and starts over on a 200 (the file changed) or a 416.
@Suite("Contract: resumable downloads", .timeLimit(.minutes(2)))
struct DownloadResumeContractTests {
    private static let size = 4 * 1024 * 1024 + 5
    private static let cut: Int64 = 1024 * 1024

    @Test("an interrupted download resumes from its partial file on a 206", arguments: Transport.allCases)
    func resumes(transport: Transport) async throws {
        try await withInterruptedDownload(transport) { server, client, destination, expected in
            let progress = ProgressLog()

            let response = try await client.download(
                request: server.download("file.bin"), to: destination, progress: progress.callback)

            #expect(response.statusCode == 206)
            #expect(try SHA256Sum.hex(contentsOf: destination) == expected)
            #expect(try await server.contract.admin.count("files.ranges") == 1)
            #expect(progress.values.first?.bytesReceived == Self.cut, "progress counts the resumed bytes")
            #expect(progress.latest.bytesReceived == Int64(Self.size))
            progress.expectMonotonic()
            #expect(!FileManager.default.fileExists(atPath: destination.path + ".partial"))
        }
    }

    @Test("a download whose file changed since the interruption starts over on the 200", arguments: Transport.allCases)
    func restartsOn200(transport: Transport) async throws {
        try await withInterruptedDownload(transport) { server, client, destination, _ in
            let changed = try server.store("file.bin", size: Self.size, salt: 1)

            let response = try await client.download(request: server.download("file.bin"), to: destination)

            #expect(response.statusCode == 200)
            #expect(try SHA256Sum.hex(contentsOf: destination) == changed)
            #expect(try await server.contract.admin.count("files.ranges") == 0)
        }
    }

    @Test("a partial file the server cannot continue starts over after the 416", arguments: Transport.allCases)
    func restartsOn416(transport: Transport) async throws {
        try await withInterruptedDownload(transport) { server, client, destination, expected in
            // The whole file, with a record that keeps it all (as when the rename failed): the next range starts
            // past the end.
            try Data(contentsOf: server.folder.appendingPathComponent("file.bin"))
                .write(to: HTTPDownload.partialFile(for: destination))
            let recordFile = HTTPDownload.resumeRecord(for: destination)
            var record = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: recordFile)) as? [String: Any])
            record["keptLength"] = Self.size
            record["keptSHA256"] = expected
            try JSONSerialization.data(withJSONObject: record).write(to: recordFile)

            let response = try await client.download(request: server.download("file.bin"), to: destination)

            #expect(response.statusCode == 200)
            #expect(try SHA256Sum.hex(contentsOf: destination) == expected)
            #expect(try await server.contract.admin.count("route:GET /v1/files/file.bin") == 3)
        }
    }

    /// Serves a file, downloads it with the transfer cut after ``cut`` bytes, checks that only the partial
    /// file is left, and runs `body` with the server, a client, the destination and the file's SHA-256.
    private func withInterruptedDownload(
        _ transport: Transport, _ body: (FilesServer, any HTTPClient, URL, String) async throws -> Void
    ) async throws {
        let folder = try TemporaryDirectory(prefix: "contract")
        defer { folder.remove() }
        try await FilesServer.run(transport) { server in
            let expected = try server.store("file.bin", size: Self.size)
            let client = try server.client()
            let destination = folder.file("file.bin")

            await #expect(throws: InterruptingClient.Interruption.self) {
                try await InterruptingClient(base: client, bytes: Self.cut)
                    .download(request: server.download("file.bin"), to: destination)
            }
            #expect(!FileManager.default.fileExists(atPath: destination.path))
            let partialFile = HTTPDownload.partialFile(for: destination)
            let partial = try FileManager.default.attributesOfItem(atPath: partialFile.path)
            #expect((partial[.size] as? NSNumber)?.int64Value == Self.cut)

            try await body(server, client, destination, expected)
        }
    }
}
