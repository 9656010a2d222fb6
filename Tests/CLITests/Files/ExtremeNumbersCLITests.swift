import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `files download` and `files upload` against a dev server that states numbers at the edge of 63 bits: the
/// command finishes the transfer, never traps. Two minutes each: over URLSession on Linux, the append the dev
/// server cuts ends only at FoundationNetworking's 30-second request timeout, which a loaded machine stretches.
@Suite(.timeLimit(.minutes(2)))
struct ExtremeNumbersCLITests {
    private static let largest = "9223372036854775807"

    /// A resumed download whose 206 says `Content-Range: bytes 400000-9223372036854775807/*` with no
    /// `Content-Length`: the range is refused and the whole file asked for again.
    @Test(arguments: ["curl", "urlsession"])
    func aResumed206EndingAtTheLargestOffsetStartsOver(transport: String) async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        let content = Data((0..<500_000).map { UInt8($0 % 251) })
        try content.write(to: served.file("big.bin"))
        let destination = local.file("big.bin")
        try Self.leavePartialDownload(of: content, bytes: 400_000, destination: destination)
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let admin = try DevServerAdmin(server)
            let environment = server.environment(["NETWORKING_ACCESS_TOKEN": try await admin.issueAccessToken()])
            try await admin.post("files-range-end", json: #"{"last": \#(Self.largest)}"#)

            let outcome = try await NetworkingBinary.run(
                ["--transport", transport, "files", "download", "big.bin", "--output", destination.path],
                environment: environment)

            #expect(outcome.status == 0, "\(outcome)")
            #expect(try SHA256Sum.hex(contentsOf: destination) == SHA256Sum.hex(content))
            #expect(try await admin.count("files.ranges") == 1, "the one range refused, then the whole file")
            #expect(try local.contents() == ["big.bin"])
        }
    }

    /// A draft server stating `Upload-Limit: max-append-size=9223372036854775807` (no limit): an upload cut
    /// once resumes from the server's offset and sends the rest.
    @Test(arguments: ["curl", "urlsession"])
    func anAppendLimitOfTheLargestNumberResumesAfterACut(transport: String) async throws {
        let local = try TemporaryDirectory()
        let content = Data((0..<600_000).map { UInt8($0 % 253) })
        let file = try local.file("big.bin", contents: content)
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            try await admin.post("uploads-append-limit", json: #"{"max_append_size": \#(Self.largest)}"#)
            try await admin.post("uploads-cut", json: #"{"after_bytes": 300000}"#)

            let outcome = try await NetworkingBinary.run(
                ["--transport", transport, "files", "upload", file.path, "--protocol", "draft"],
                environment: server.environment(["NETWORKING_CACHE_DIR": local.file("cache").path]))

            #expect(outcome.status == 0, "\(outcome)")
            #expect(try await admin.count("uploads.cut") == 1)
            #expect(try await admin.count("uploads.bytes") == content.count, "no byte staged twice")
        }
    }

    /// What an interrupted download leaves beside `destination` (see `FilesCLITests`): the first `bytes` bytes
    /// and a resume record naming the dev server's strong `ETag`.
    private static func leavePartialDownload(of content: Data, bytes: Int, destination: URL) throws {
        let directory = destination.deletingLastPathComponent()
        try content.prefix(bytes).write(
            to: directory.appendingPathComponent(destination.lastPathComponent + ".partial"))
        let record: [String: Any] = [
            "formatVersion": 2, "resource": "GET v1/files/\(destination.lastPathComponent)?",
            "validator": "\"\(try SHA256Sum.hex(content))\"", "completeLength": content.count, "keptLength": bytes,
            "keptSHA256": try SHA256Sum.hex(content.prefix(bytes)),
        ]
        try JSONSerialization.data(withJSONObject: record).write(
            to: directory.appendingPathComponent(destination.lastPathComponent + ".partial.json"))
    }
}
