import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `files upload` with resumable uploads against the dev server: a cut connection, Ctrl-C and a killed process
/// are continued by the same command from the server's offset, and the server's file is byte-identical.
@Suite(.timeLimit(.minutes(2)))
struct ResumableUploadCLITests {
    /// A cut of the connection after 300,000 bytes, twice: the run continues from the server's offset, sends
    /// no byte twice and stores the file unchanged.
    @Test(arguments: ["draft", "tus"], ["curl", "urlsession"])
    func aCutUploadContinuesFromTheServersOffset(uploadProtocol: String, transport: String) async throws {
        let upload = try UploadFixture(size: 2 << 20)
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            try await admin.post("uploads-cut", json: #"{"after_bytes": 300000, "count": 2}"#)

            let outcome = try await upload.run(
                ["--protocol", uploadProtocol, "--transport", transport], server: server)

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "Uploaded big.bin (2.0 MiB)\n")
            #expect(try await admin.count("uploads.cut") == 2)
            #expect(try await admin.count("uploads.created") == 1)
            #expect(try await admin.count("uploads.bytes") == upload.content.count, "no byte staged twice")
            #expect(try await upload.storedDigest(server) == SHA256Sum.hex(upload.content))
            #expect(try upload.records().isEmpty)
        }
    }

    /// Appends that keep being cut before their first byte end the run (exit 1) with the record kept; the same
    /// command continues the same upload. More cuts are armed than any run makes attempts, since a transport may
    /// resend a request on a fresh connection itself, and they are dropped before the rerun.
    @Test(arguments: ["draft", "tus"])
    func aRunEndedByDropsIsContinuedByARerun(uploadProtocol: String) async throws {
        let upload = try UploadFixture(size: 500_000)
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            try await admin.post("uploads-cut", json: #"{"after_bytes": 0, "count": 1000}"#)

            let dropped = try await upload.run(["--protocol", uploadProtocol], server: server)
            try await admin.post("uploads-cut", json: #"{"after_bytes": 0, "count": 0}"#)
            #expect(dropped.status == 1, "\(dropped)")
            #expect(dropped.stderr.contains("networking: The same command continues the upload of big.bin."))
            #expect(try upload.records().count == 1)

            let rerun = try await upload.run(["--protocol", uploadProtocol], server: server)
            #expect(rerun.status == 0, "\(rerun)")
            #expect(try await admin.count("uploads.created") == 1, "the rerun continued the same upload")
            #expect(try await upload.storedDigest(server) == SHA256Sum.hex(upload.content))
            #expect(try upload.records().isEmpty)
        }
    }

    /// The records live in the cache directory, but are no response store: `cache info` lists none and
    /// `cache clear` keeps them.
    @Test func theCacheCommandsLeaveUploadRecordsAlone() async throws {
        let upload = try UploadFixture(size: 500_000)
        try await withDevServer { server in
            try await DevServerAdmin(server).post("uploads-cut", json: #"{"after_bytes": 0, "count": 1000}"#)
            _ = try await upload.run(["--protocol", "tus"], server: server)

            let info = try await NetworkingBinary.run(["cache", "info"], environment: upload.environment(server))
            let clear = try await NetworkingBinary.run(["cache", "clear"], environment: upload.environment(server))

            #expect(info.status == 0 && !info.stdout.contains("uploads"), "\(info)")
            #expect(clear.status == 0, "\(clear)")
            #expect(try upload.records().count == 1)
        }
    }

    /// SIGINT while the server holds the upload after its first MiB: exit 130 with the record kept; the rerun
    /// (without --protocol: the record's protocol) sends only what the server lacks.
    @Test(arguments: ["draft", "tus"], ["curl", "urlsession"])
    func ctrlCThenARerunSendsOnlyTheRest(uploadProtocol: String, transport: String) async throws {
        let upload = try UploadFixture(size: 16 << 20)
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            let interrupted = try await upload.interrupt(
                SIGINT, ["--protocol", uploadProtocol, "--transport", transport], server: server)
            #expect(interrupted.status == 130, "\(interrupted)")
            #expect(interrupted.stderr.contains("Upload of big.bin interrupted; the same command continues it."))
            let staged = try await admin.count("uploads.bytes")
            #expect(staged >= 1 << 20)

            let rerun = try await upload.run(["--transport", transport], server: server)

            #expect(rerun.status == 0, "\(rerun)")
            #expect(try await admin.count("uploads.created") == 1)
            #expect(try await admin.count("uploads.bytes") == upload.content.count, "the rerun sent only the rest")
            #expect(try await upload.storedDigest(server) == SHA256Sum.hex(upload.content))
            #expect(try upload.records().isEmpty)
        }
    }

    @Test(arguments: ["draft", "tus"])
    func aKilledProcessIsContinuedByARerun(uploadProtocol: String) async throws {
        let upload = try UploadFixture(size: 16 << 20)
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            let killed = try await upload.interrupt(SIGKILL, ["--protocol", uploadProtocol], server: server)
            #expect(killed.status != 0, "\(killed)")
            #expect(try upload.records().count == 1)

            let rerun = try await upload.run([], server: server)

            #expect(rerun.status == 0, "\(rerun)")
            #expect(try await admin.count("uploads.created") == 1)
            #expect(try await admin.count("uploads.bytes") == upload.content.count)
            #expect(try await upload.storedDigest(server) == SHA256Sum.hex(upload.content))
        }
    }

    /// A file changed after the interruption starts a new upload, and the old one is deleted on the server.
    @Test func aChangedFileNeverContinuesTheOldUpload() async throws {
        let upload = try UploadFixture(size: 16 << 20)
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            _ = try await upload.interrupt(SIGINT, ["--protocol", "tus"], server: server)
            var changed = upload.content
            changed[0] ^= 0xFF
            try changed.write(to: upload.file)

            let rerun = try await upload.run([], server: server)

            #expect(rerun.status == 0, "\(rerun)")
            #expect(try await admin.count("uploads.created") == 2)
            #expect(try await admin.count("uploads.deleted") == 1)
            #expect(try await upload.storedDigest(server) == SHA256Sum.hex(changed))
        }
    }

    @Test func cancelDeletesTheInterruptedUploadOnTheServerAndItsRecord() async throws {
        let upload = try UploadFixture(size: 16 << 20)
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            _ = try await upload.interrupt(SIGINT, ["--protocol", "draft"], server: server)

            let cancelled = try await upload.run(["--cancel"], server: server)
            let again = try await upload.run(["--cancel"], server: server)

            #expect(cancelled.status == 0, "\(cancelled)")
            #expect(cancelled.stdout == "Cancelled the upload of big.bin\n")
            #expect(try await admin.count("uploads.deleted") == 1)
            #expect(try upload.records().isEmpty)
            #expect(again.status == 4, "\(again)")
            #expect(again.stderr == "networking: No interrupted upload of big.bin to cancel.\n")
            #expect(try await upload.storedDigest(server) == nil)
        }
    }

    @Test func withoutAProtocolTheOfferedTusIsUsedAndMultipartStillWorks() async throws {
        let upload = try UploadFixture(size: 100_000)
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)

            let resumable = try await upload.run([], server: server)
            #expect(resumable.status == 0, "\(resumable)")
            #expect(try await admin.count("route:OPTIONS /v1/tus/") == 1)
            #expect(try await admin.count("route:POST /v1/tus/") == 1)

            let multipart = try await upload.run(["--protocol", "multipart"], server: server)
            #expect(multipart.status == 0, "\(multipart)")
            #expect(multipart.stdout == "Uploaded big.bin (97.7 KiB)\n")
            #expect(try await admin.count("route:POST /v1/files") == 1)
            #expect(try await admin.count("uploads.created") == 1)
            #expect(try await upload.storedDigest(server) == SHA256Sum.hex(upload.content))
        }
    }

    /// Three files, the second held and interrupted: the first is stored and has no record, the second keeps
    /// its record, the third never started; the rerun stores all three.
    @Test func severalFilesKeepOneRecordEach() async throws {
        let upload = try UploadFixture(size: 16 << 20)
        let first = try upload.sibling("a.bin", size: 1000)
        let third = try upload.sibling("c.bin", size: 2000)
        let paths = [first.path, upload.file.path, third.path]
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            try await admin.post("files-upload-hold", json: #"{"after_bytes": 1048576}"#)
            let run = try NetworkingProcess(
                ["files", "upload"] + paths + ["--protocol", "tus"], environment: upload.environment(server))
            try await admin.waitUntil("files.upload.held", reaches: 1)
            run.send(SIGINT)
            let interrupted = try await run.outcome()
            try await admin.post("files-upload-release")

            #expect(interrupted.status == 130, "\(interrupted)")
            #expect(try upload.records().count == 1, "only the interrupted file has a record")
            #expect(try await admin.count("uploads.completed") == 1)

            let rerun = try await NetworkingBinary.run(
                ["files", "upload"] + paths, environment: upload.environment(server))

            #expect(rerun.status == 0, "\(rerun)")
            #expect(rerun.stdout == "Uploaded a.bin (1000 B), big.bin (16.0 MiB), c.bin (2.0 KiB)\n")
            #expect(try await admin.count("uploads.created") == 4, "a.bin again, big.bin continued, c.bin")
            #expect(try await upload.storedDigest(server) == SHA256Sum.hex(upload.content))
            #expect(try upload.records().isEmpty)
        }
    }
}

/// A local file `big.bin` and the cache directory its upload records go in, shared by every run of a test.
private struct UploadFixture {
    let folder: TemporaryDirectory
    let file: URL
    let content: Data

    /// `size` bytes of a random 64 KiB block, repeated.
    init(size: Int) throws {
        folder = try TemporaryDirectory()
        file = folder.file("big.bin")
        var generator = SystemRandomNumberGenerator()
        let block = Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
        var content = Data(capacity: size)
        while content.count < size { content.append(block.prefix(size - content.count)) }
        self.content = content
        try content.write(to: file)
    }

    /// Another file of `size` bytes in the same folder.
    func sibling(_ name: String, size: Int) throws -> URL {
        try folder.file(name, contents: Data(repeating: 0x5A, count: size))
    }

    func environment(_ server: DevServer) -> [String: String] {
        server.environment(["NETWORKING_CACHE_DIR": folder.file("cache").path])
    }

    /// `networking files upload big.bin` with `options`.
    func run(_ options: [String], server: DevServer) async throws -> NetworkingBinary.Outcome {
        try await NetworkingBinary.run(["files", "upload", file.path] + options, environment: environment(server))
    }

    /// Starts the upload, waits until the server holds it after its first MiB, sends `signal`, then lets the
    /// server read on (to the end of what arrived) and returns how the run ended.
    func interrupt(_ signal: Int32, _ options: [String], server: DevServer) async throws -> NetworkingBinary.Outcome {
        let admin = try DevServerAdmin(server)
        try await admin.post("files-upload-hold", json: #"{"after_bytes": 1048576}"#)
        let run = try NetworkingProcess(
            ["files", "upload", file.path] + options, environment: environment(server))
        try await admin.waitUntil("files.upload.held", reaches: 1)
        run.send(signal)
        let outcome = try await run.outcome()
        try await admin.post("files-upload-release")
        return outcome
    }

    /// The upload records in the cache directory.
    func records() throws -> [String] {
        let uploads = folder.file("cache").appendingPathComponent("uploads")
        guard let walker = FileManager.default.enumerator(atPath: uploads.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".upload.json") }
    }

    /// The SHA-256 the Files API lists for `big.bin`, or `nil` when it lists none.
    func storedDigest(_ server: DevServer) async throws -> String? {
        let list = try await NetworkingBinary.run(["files", "--json"], environment: environment(server))
        let document = try JSONSerialization.jsonObject(with: list.stdoutData) as? [String: Any]
        let files = document?["files"] as? [[String: Any]] ?? []
        return files.first { $0["name"] as? String == "big.bin" }?["sha256"] as? String
    }
}
