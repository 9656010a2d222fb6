import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `files download` never ends in a file other than the one the Files API lists: recorded and replayed runs,
/// junk partial files beside a valid resume record, and a file that is gone.
@Suite(.timeLimit(.minutes(1)))
struct FilesIntegrityCLITests {
    /// A file within the recorder's cap replays whole; a larger one fails the replay without writing, and the
    /// live run after it ends with the listed SHA-256.
    @Test(arguments: [3_000, 100_000])
    func aRecordedReplayedThenLiveDownloadMatchesTheListedDigestOrWritesNothing(size: Int) async throws {
        let (served, recorded, replayed) = (
            try TemporaryDirectory(), try TemporaryDirectory(), try TemporaryDirectory()
        )
        let content = Self.bytes(count: size)
        try content.write(to: served.file("data.bin"))
        let records = try TemporaryDirectory()
        let archive = records.file("traffic.har")
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let record = try await NetworkingBinary.run(
                ["--record", archive.path, "files", "download", "data.bin", "--output", recorded.url.path],
                environment: server.environment())
            #expect(record.status == 0, "\(record)")

            let replay = try await NetworkingBinary.runOffline([
                "--replay", archive.path, "files", "download", "data.bin", "--output", replayed.url.path,
            ])
            if size < 64 * 1024 {
                #expect(replay.status == 0, "\(replay)")
                #expect(try Data(contentsOf: replayed.file("data.bin")) == content)
            } else {
                #expect(replay.status == 3, "\(replay)")
                #expect(replay.stderr.contains("cannot be replayed"), "\(replay)")
                #expect(try replayed.contents().isEmpty)
            }

            let live = try await NetworkingBinary.run(
                ["files", "download", "data.bin", "--output", replayed.url.path], environment: server.environment())
            #expect(live.status == 0, "\(live)")
            #expect(try SHA256Sum.hex(contentsOf: replayed.file("data.bin")) == SHA256Sum.hex(content))
            #expect(try replayed.contents() == ["data.bin"])
        }
    }

    @Test func aRecordedListReplays() async throws {
        let served = try TemporaryDirectory()
        try Self.bytes(count: 5_000).write(to: served.file("a.bin"))
        let records = try TemporaryDirectory()
        let archive = records.file("traffic.har")
        var live: NetworkingBinary.Outcome?
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            live = try await NetworkingBinary.run(
                ["--record", archive.path, "files", "--json"], environment: server.environment())
        }

        let replayed = try await NetworkingBinary.runOffline(["--replay", archive.path, "files", "--json"])

        let recorded = try #require(live)
        #expect(recorded.status == 0, "\(recorded)")
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout == recorded.stdout)
    }

    @Test func aRecordedUploadReplays() async throws {
        let local = try TemporaryDirectory()
        try Data("hello, files\n".utf8).write(to: local.file("a.txt"))
        let records = try TemporaryDirectory()
        let archive = records.file("traffic.har")
        var live: NetworkingBinary.Outcome?
        try await withDevServer { server in
            live = try await NetworkingBinary.run(
                ["--record", archive.path, "files", "upload", local.file("a.txt").path],
                environment: server.environment())
        }

        let replayed = try await NetworkingBinary.runOffline([
            "--replay", archive.path, "files", "upload", local.file("a.txt").path,
        ])

        let recorded = try #require(live)
        #expect(recorded.status == 0, "\(recorded)")
        #expect(replayed.status == 0, "\(replayed)")
        #expect(replayed.stdout == recorded.stdout)
    }

    /// Bytes that are not the file's, beside a record that names the file's real validator and kept bytes:
    /// the download starts over (or fails), never appends to them.
    @Test(arguments: [1, 2])
    func aJunkPartialFileNeverEndsInACorruptFileWithExitZero(formatVersion: Int) async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        let content = Self.bytes(count: 200_000)
        try content.write(to: served.file("big.bin"))
        let destination = local.file("big.bin")
        try Data(repeating: 0x2A, count: 50_000).write(to: local.file("big.bin.partial"))
        var record: [String: Any] = [
            "formatVersion": formatVersion, "resource": "GET v1/files/big.bin?",
            "validator": "\"\(try SHA256Sum.hex(content))\"", "completeLength": content.count,
        ]
        if formatVersion == 2 {
            record["keptLength"] = 50_000
            record["keptSHA256"] = try SHA256Sum.hex(content.prefix(50_000))
        }
        try JSONSerialization.data(withJSONObject: record).write(to: local.file("big.bin.partial.json"))
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "big.bin", "--output", destination.path], environment: server.environment())

            if outcome.status == 0 {
                #expect(try SHA256Sum.hex(contentsOf: destination) == SHA256Sum.hex(content))
            } else {
                #expect(!FileManager.default.fileExists(atPath: destination.path))
            }
            #expect(outcome.status == 0, "a junk partial file starts over: \(outcome)")
            #expect(try await DevServerAdmin(server).count("files.ranges") == 0)
        }
    }

    @Test func aFileThatIsGoneLeavesNoPartialFile() async throws {
        let local = try TemporaryDirectory()
        let destination = local.file("gone.bin")
        let content = Self.bytes(count: 10_000)
        try content.prefix(4_000).write(to: local.file("gone.bin.partial"))
        let record: [String: Any] = [
            "formatVersion": 2, "resource": "GET v1/files/gone.bin?", "validator": "\"\(try SHA256Sum.hex(content))\"",
            "completeLength": content.count, "keptLength": 4_000,
            "keptSHA256": try SHA256Sum.hex(content.prefix(4_000)),
        ]
        try JSONSerialization.data(withJSONObject: record).write(to: local.file("gone.bin.partial.json"))
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "gone.bin", "--output", destination.path], environment: server.environment())

            #expect(outcome.status == 4, "\(outcome)")
            #expect(try local.contents().isEmpty)
        }
    }

    private static func bytes(count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    }
}
