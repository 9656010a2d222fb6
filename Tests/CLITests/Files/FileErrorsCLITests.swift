import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// A local file that cannot be read or written ends `files upload` and `files download` with one sentence
/// naming the path, the cause and the fix, and exit status 5; never an `NSError` dump.
@Suite(.timeLimit(.minutes(1)))
struct FileErrorsCLITests {
    /// Root reads and writes past permission bits, so the permission tests run only for other users.
    static let permissionsApply = geteuid() != 0

    @Test func aMissingUploadFileNamesThePathAndSendsNothing() async throws {
        let local = try TemporaryDirectory()
        let missing = local.file("missing.txt")
        let outcome = try await upload([missing.path])

        #expect(outcome.status == 5, "\(outcome)")
        #expect(
            outcome.stderr
                == "networking: Could not read \(missing.path): the file does not exist. Check the path.\n")
    }

    @Test func aFolderGivenAsAnUploadFileIsNamedAsAFolder() async throws {
        let local = try TemporaryDirectory()
        let folder = local.file("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let outcome = try await upload([folder.path])

        #expect(outcome.status == 5, "\(outcome)")
        #expect(outcome.stderr.contains("Could not read \(folder.path): it is a folder. "), "\(outcome)")
    }

    @Test(.enabled(if: permissionsApply)) func anUnreadableUploadFileSaysPermissionDenied() async throws {
        let local = try TemporaryDirectory()
        let file = local.file("secret.txt")
        try Data("secret".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        let outcome = try await upload([file.path])

        #expect(outcome.status == 5, "\(outcome)")
        #expect(
            outcome.stderr.hasSuffix(
                "Could not read \(file.path): permission denied. "
                    + "Check the file's permissions, or choose another file.\n"), "\(outcome)")
    }

    @Test func aMissingOutputFolderSaysSoAndWritesNothing() async throws {
        let local = try TemporaryDirectory()
        let output = local.file("nowhere/out.bin")
        let outcome = try await download("report.bin", output: output.path)

        #expect(outcome.status == 5, "\(outcome)")
        #expect(outcome.stderr.contains(": the folder does not exist. Create the folder first"), "\(outcome)")
        #expect(!outcome.stderr.contains("Error Domain="), "\(outcome)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: local.url.path).isEmpty)
    }

    @Test(.enabled(if: permissionsApply)) func aReadOnlyOutputFolderSaysPermissionDenied() async throws {
        let local = try TemporaryDirectory()
        let folder = local.file("locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let outcome = try await download("report.bin", output: folder.path)

        #expect(outcome.status == 5, "\(outcome)")
        #expect(outcome.stderr.contains(": permission denied. Choose a path you can write to.\n"), "\(outcome)")
    }

    /// A name the server stores (250 bytes) is too long for `NAME.partial` beside the destination.
    @Test func aNameTooLongForThePartialFileSaysSo() async throws {
        let name = String(repeating: "n", count: 246) + ".bin"
        let local = try TemporaryDirectory()
        let outcome = try await download(name, output: local.url.path)

        #expect(outcome.status == 5, "\(outcome)")
        #expect(outcome.stderr.contains(": the name is too long. Choose a shorter name.\n"), "\(outcome)")
        #expect(!outcome.stderr.contains("Error Domain="), "\(outcome)")
    }

    /// The server stops reading after the first MiB of a 32 MiB multipart upload (more than the socket buffers
    /// hold, so the file's end is not read yet); the file grows; the server reads on. curl streams the form from disk, so
    /// the body fails before its closing boundary and the server stores nothing.
    @Test func aFileThatChangesDuringTheUploadFailsItAndNothingIsStored() async throws {
        let local = try TemporaryDirectory()
        let file = local.file("growing.bin")
        try Data(repeating: 0x61, count: 32 << 20).write(to: file)
        try await withDevServer { server in
            let admin = try DevServerAdmin(server)
            let environment = server.environment(["NETWORKING_ACCESS_TOKEN": try await admin.issueAccessToken()])
            try await admin.post("files-upload-hold", json: #"{"after_bytes": 1048576}"#)
            let run = try NetworkingProcess(
                ["files", "upload", file.path, "--transport", "curl", "--protocol", "multipart"],
                environment: environment)
            try await admin.waitUntil("files.upload.held", reaches: 1)
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("more".utf8))
            try handle.close()
            try await admin.post("files-upload-release")

            let outcome = try await run.outcome()

            #expect(outcome.status == 5, "\(outcome)")
            #expect(
                outcome.stderr.hasSuffix(
                    "Could not read \(file.path): it changed while it was read, so nothing was stored. "
                        + "Upload it again once nothing writes to it.\n"), "\(outcome)")
            #expect(try await admin.count("files.uploaded") == 0)
        }
    }

    private func upload(_ paths: [String]) async throws -> NetworkingBinary.Outcome {
        var outcome: NetworkingBinary.Outcome?
        try await withDevServer { server in
            outcome = try await NetworkingBinary.run(["files", "upload"] + paths, environment: server.environment())
            #expect(try await DevServerAdmin(server).count("files.uploaded") == 0)
        }
        return try #require(outcome)
    }

    /// Downloads `name`, served from a private folder, to `output`.
    private func download(_ name: String, output: String) async throws -> NetworkingBinary.Outcome {
        let served = try TemporaryDirectory()
        try Data(repeating: 7, count: 4096).write(to: served.file(name))
        var outcome: NetworkingBinary.Outcome?
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            outcome = try await NetworkingBinary.run(
                ["files", "download", name, "--output", output], environment: server.environment())
        }
        return try #require(outcome)
    }
}
