import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// `files download` and `files upload` moving real bytes through the whole files chain, over the transport
/// the suite runs with (`NETWORKING_TRANSPORT`).
@Suite(.timeLimit(.minutes(1)))
struct FilesTransferCLITests {
    private static let mebibyte = 1 << 20

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
            #expect(files.map { $0["sha256"] as? String } == [SHA256.hex(content)])
            #expect(files.map { $0["size"] as? Int } == [content.count])
        }
    }

    /// `count` bytes where byte *i* is `i % 251`.
    private static func bytes(count: Int) -> Data {
        Data((0..<count).map { UInt8($0 % 251) })
    }
}
