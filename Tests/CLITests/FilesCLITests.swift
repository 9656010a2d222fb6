import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `networking files`, `files download` and `files upload` against the dev server's Files API.
@Suite(.timeLimit(.minutes(1)))
struct FilesCLITests {
    @Test func filesListsTheServersFilesAsATableAndAsJSON() async throws {
        let served = try TemporaryDirectory()
        let content = Self.bytes(count: 3000)
        try content.write(to: served.file("report.bin"))
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let table = try await NetworkingBinary.run(["files"], environment: server.environment())
            let json = try await NetworkingBinary.run(["files", "--json"], environment: server.environment())

            let digest = try SHA256Sum.hex(content)
            #expect(table.status == 0, "\(table)")
            #expect(table.stdout == "report.bin  2.9 KiB  \(digest.prefix(12))\n")
            #expect(json.status == 0, "\(json)")
            #expect(try Self.listed(json) == [Self.entry("report.bin", content)])
        }
    }

    @Test func uploadStoresEachFileUnderItsNameThenTheListHasBoth() async throws {
        let local = try TemporaryDirectory()
        let (first, second) = (Data("hello, files\n".utf8), Self.bytes(count: 70_000))
        try first.write(to: local.file("a.txt"))
        try second.write(to: local.file("b.bin"))
        try await withDevServer { server in
            let upload = try await NetworkingBinary.run(
                ["files", "upload", local.file("a.txt").path, local.file("b.bin").path],
                environment: server.environment())
            let list = try await NetworkingBinary.run(["files", "--json"], environment: server.environment())

            #expect(upload.status == 0, "\(upload)")
            #expect(upload.stdout == "Uploaded a.txt (13 B), b.bin (68.4 KiB)\n")
            #expect(upload.stderr.isEmpty, "no progress bar when standard error is not a terminal")
            #expect(try Self.listed(list) == [Self.entry("a.txt", first), Self.entry("b.bin", second)])
            #expect(try await DevServerAdmin(server).count("files.uploaded") == 2)
        }
    }

    @Test func downloadWritesAByteIdenticalFileAndNoControlCharacters() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        let content = Self.bytes(count: 1 << 20)
        try content.write(to: served.file("photo.jpg"))
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "photo.jpg", "--output", local.url.path], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            let written = try Data(contentsOf: local.file("photo.jpg"))
            #expect(try SHA256Sum.hex(written) == SHA256Sum.hex(content))
            #expect(outcome.stdout == "Downloaded photo.jpg to \(local.file("photo.jpg").path)\n")
            #expect(!outcome.stderr.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
            #expect(!FileManager.default.fileExists(atPath: local.file("photo.jpg.partial").path))
        }
    }

    @Test func aMissingFileExitsWithTheNotFoundStatusAndWritesNothing() async throws {
        let local = try TemporaryDirectory()
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "nothing-here.txt", "--output", local.file("out.txt").path],
                environment: server.environment())

            #expect(outcome.status == 4, "\(outcome)")
            #expect(outcome.stderr.hasPrefix("networking: Could not download nothing-here.txt: "))
            #expect(try FileManager.default.contentsOfDirectory(atPath: local.url.path).isEmpty)
        }
    }

    /// Ctrl-C while the resumed request is held mid-body keeps the partial file and exits 130; the rerun asks
    /// for the rest with `Range` and ends with the whole file.
    @Test func anInterruptedDownloadKeepsItsPartialFileAndTheRerunResumesIt() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        let content = Self.bytes(count: 300_000)
        try content.write(to: served.file("big.bin"))
        let destination = local.file("big.bin")
        try Self.leavePartialDownload(of: content, name: "big.bin", bytes: 100_000, destination: destination)
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let admin = try DevServerAdmin(server)
            let environment = server.environment(["NETWORKING_ACCESS_TOKEN": try await admin.issueAccessToken()])
            try await admin.post("files-hold", json: #"{"after_bytes": 1}"#)
            let run = try NetworkingProcess(
                ["files", "download", "big.bin", "--output", destination.path], environment: environment)
            try await admin.waitUntil("files.held", reaches: 1)

            run.send(SIGINT)
            let interrupted = try await run.outcome()

            #expect(interrupted.status == 130, "\(interrupted)")
            #expect(interrupted.stderr.contains("interrupted; the same command resumes it"), "\(interrupted)")
            #expect(!FileManager.default.fileExists(atPath: destination.path))
            // The held byte may still be on its way to the file when the signal lands: the partial keeps at least
            // what the earlier run left, and nothing but the file's own bytes.
            let partial = try Data(contentsOf: local.file("big.bin.partial"))
            #expect((100_000...100_001).contains(partial.count) && partial == content.prefix(partial.count))

            let rerun = try await NetworkingBinary.run(
                ["files", "download", "big.bin", "--output", destination.path], environment: environment)

            #expect(rerun.status == 0, "\(rerun)")
            #expect(try SHA256Sum.hex(contentsOf: destination) == SHA256Sum.hex(content))
            #expect(try await admin.count("files.ranges") == 2, "each run asked for the rest only")
            #expect(!FileManager.default.fileExists(atPath: local.file("big.bin.partial").path))
        }
    }

    @Test func baseURLMovesTheFilesAPI() async throws {
        let closed = try ReservedPort()
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "--base-url", server.baseURL.absoluteString],
                environment: ["NETWORKING_FILES_URL": "http://127.0.0.1:\(closed.port)"])

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "No files.\n")
            #expect(try await DevServerAdmin(server).count("route:GET /v1/files") == 1)
        }
        withExtendedLifetime(closed) {}
    }

    @Test func uploadingAMissingFileExits5AndSendsNothing() async throws {
        let local = try TemporaryDirectory()
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "upload", local.file("absent.txt").path], environment: server.environment())

            #expect(outcome.status == 5, "\(outcome)")
            #expect(try await DevServerAdmin(server).count("route:POST /v1/files") == 0)
        }
    }

    // MARK: - Helpers

    /// `count` bytes where byte *i* is `i % 251`.
    private static func bytes(count: Int) -> Data {
        Data((0..<count).map { UInt8($0 % 251) })
    }

    private static func entry(_ name: String, _ content: Data) throws -> [String: String] {
        ["name": name, "size": "\(content.count)", "sha256": try SHA256Sum.hex(content)]
    }

    /// The files of a `files --json` document, each as text fields.
    private static func listed(_ outcome: NetworkingBinary.Outcome) throws -> [[String: String]] {
        let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdoutData) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        return files.map { file in file.mapValues { "\($0)" } }
    }

    /// What an interrupted `download` leaves beside `destination`: the first `bytes` bytes in `NAME.partial`
    /// and the resume record in `NAME.partial.json` (the format `HTTPClient.download` writes), naming the
    /// file's strong `ETag`, which the dev server makes from the SHA-256, and the size and SHA-256 of the kept bytes.
    private static func leavePartialDownload(of content: Data, name: String, bytes: Int, destination: URL) throws {
        let directory = destination.deletingLastPathComponent()
        try content.prefix(bytes).write(
            to: directory.appendingPathComponent(destination.lastPathComponent + ".partial"))
        let validator = try SHA256Sum.hex(content)
        let record: [String: Any] = [
            "formatVersion": 2, "resource": "GET v1/files/\(name)?", "validator": "\"\(validator)\"",
            "completeLength": content.count, "keptLength": bytes,
            "keptSHA256": try SHA256Sum.hex(content.prefix(bytes)),
        ]
        try JSONSerialization.data(withJSONObject: record).write(
            to: directory.appendingPathComponent(destination.lastPathComponent + ".partial.json"))
    }
}
