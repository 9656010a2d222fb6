import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `files upload` keeps every name the Files API can store, and refuses the others before any byte is sent.
@Suite(.timeLimit(.minutes(1)))
struct FilesUploadNamesCLITests {
    @Test func aNameWithAccentsQuotesAndPercentIsStoredUnchanged() async throws {
        let local = try TemporaryDirectory()
        let name = "caf\u{E9} \"quoted\" 100%.txt"
        try Data("x".utf8).write(to: local.file(name))
        try await withDevServer { server in
            let upload = try await NetworkingBinary.run(
                ["files", "upload", local.file(name).path], environment: server.environment())
            let list = try await NetworkingBinary.run(["files", "--json"], environment: server.environment())

            #expect(upload.status == 0, "\(upload)")
            let document = try JSONSerialization.jsonObject(with: list.stdoutData) as? [String: Any]
            let files = document?["files"] as? [[String: Any]]
            #expect(files?.compactMap { $0["name"] as? String } == [name], "\(list)")
        }
    }

    @Test func aHiddenFileIsRefusedBeforeAnyByteIsSent() async throws {
        let local = try TemporaryDirectory()
        try Data("SECRET=1".utf8).write(to: local.file(".env"))
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "upload", local.file(".env").path], environment: server.environment())

            #expect(outcome.status == 64, "\(outcome)")
            #expect(
                outcome.stderr
                    == "networking: Could not upload: The Files API cannot store a file named '.env': the name "
                    + "starts with a dot. Copy the file under another name, then upload the copy.\n")
            #expect(try await DevServerAdmin(server).count("route:POST /v1/files") == 0)
        }
    }

    @Test func twoFilesOfOneNameAreRefusedBeforeAnyByteIsSent() async throws {
        let local = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: local.file("other"), withIntermediateDirectories: false)
        try Data("one".utf8).write(to: local.file("notes.txt"))
        try Data("two".utf8).write(to: local.file("other/notes.txt"))
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "upload", local.file("notes.txt").path, local.file("other/notes.txt").path],
                environment: server.environment())

            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderr.contains("Two files are named 'notes.txt'"), "\(outcome)")
            #expect(outcome.stderr.hasSuffix("Upload one of them, or copy one under another name.\n"), "\(outcome)")
            #expect(try await DevServerAdmin(server).count("route:POST /v1/files") == 0)
        }
    }
}
