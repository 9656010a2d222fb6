import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `files download` and `files upload` moving real bytes through the whole files chain, over the transport
/// the suite runs with (`NETWORKING_TRANSPORT`): Ctrl-C mid-body keeps what arrived, and the rerun resumes it.
@Suite(.timeLimit(.minutes(1)))
struct FilesTransferCLITests {
    private static let mebibyte = 1 << 20

    /// The server sends the first MiB of a 3 MiB file and holds; once the partial file holds that MiB, Ctrl-C.
    /// The rerun (with `--verbose`, to see its request) asks for the rest with `Range` and `If-Range`.
    @Test func ctrlCMidDownloadKeepsThePartialFileAndTheRerunResumesWithARange() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        let content = Self.bytes(count: 3 * Self.mebibyte)
        try content.write(to: served.file("big.bin"))
        let destination = local.file("big.bin")
        let partial = local.file("big.bin.partial")
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let admin = try DevServerAdmin(server)
            let environment = server.environment(["NETWORKING_ACCESS_TOKEN": try await admin.issueAccessToken()])
            try await admin.post("files-hold", json: #"{"after_bytes": \#(Self.mebibyte)}"#)
            let run = try NetworkingProcess(
                ["files", "download", "big.bin", "--output", destination.path], environment: environment)
            try await admin.waitUntil("files.held", reaches: 1)
            try await FileGrowth.waitUntil(partial, holds: Self.mebibyte)

            run.send(SIGINT)
            let interrupted = try await run.outcome()

            #expect(interrupted.status == 130, "\(interrupted)")
            #expect(interrupted.stderr.contains("interrupted; the same command resumes it"), "\(interrupted)")
            #expect(!interrupted.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(!FileManager.default.fileExists(atPath: destination.path))
            #expect(try Data(contentsOf: partial) == content.prefix(Self.mebibyte))
            #expect(FileManager.default.fileExists(atPath: local.file("big.bin.partial.json").path))

            let rerun = try await NetworkingBinary.run(
                ["files", "download", "big.bin", "--output", destination.path, "--verbose"], environment: environment)

            #expect(rerun.status == 0, "\(rerun)")
            #expect(rerun.stderr.contains("- Range: bytes=\(Self.mebibyte)-\n"), "\(rerun)")
            let digest = try SHA256Sum.hex(content)
            #expect(rerun.stderr.contains("- If-Range: \"\(digest)\"\n"), "\(rerun)")
            #expect(try SHA256Sum.hex(contentsOf: destination) == digest)
            #expect(try await admin.count("files.ranges") == 1, "the rerun asked for the rest only")
            #expect(try await admin.count("route:GET /v1/files/big.bin") == 2)
            #expect(!FileManager.default.fileExists(atPath: partial.path))
            #expect(!FileManager.default.fileExists(atPath: local.file("big.bin.partial.json").path))
        }
    }

    /// 9 MiB is past the 8 MiB the files chain lets `load` hold: a download streams, so no limit applies.
    @Test func aDownloadLargerThanTheChainsLoadLimitStreamsToDisk() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        let content = Self.bytes(count: 9 * Self.mebibyte)
        try content.write(to: served.file("large.bin"))
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "large.bin", "--output", local.url.path], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            #expect(try SHA256Sum.hex(contentsOf: local.file("large.bin")) == SHA256Sum.hex(content))
            #expect(outcome.stderr.isEmpty, "no progress bar and no control character when stderr is not a terminal")
        }
    }

    @Test func anUploadOfSeveralMiBArrivesWholeWithNoProgressBarOffATerminal() async throws {
        let local = try TemporaryDirectory()
        let content = Self.bytes(count: 6 * Self.mebibyte + 123)
        try content.write(to: local.file("video.bin"))
        try await withDevServer { server in
            let upload = try await NetworkingBinary.run(
                ["files", "upload", local.file("video.bin").path], environment: server.environment())
            let list = try await NetworkingBinary.run(["files", "--json"], environment: server.environment())

            #expect(upload.status == 0, "\(upload)")
            #expect(upload.stdout == "Uploaded video.bin (6.0 MiB)\n")
            #expect(upload.stderr.isEmpty, "no progress bar and no control character when stderr is not a terminal")
            let document = try #require(try JSONSerialization.jsonObject(with: list.stdoutData) as? [String: Any])
            let files = try #require(document["files"] as? [[String: Any]])
            #expect(try files.map { $0["sha256"] as? String } == [SHA256Sum.hex(content)])
            #expect(files.map { $0["size"] as? Int } == [content.count])
        }
    }

    /// `count` bytes where byte *i* is `i % 251`.
    private static func bytes(count: Int) -> Data {
        Data((0..<count).map { UInt8($0 % 251) })
    }
}
