import Foundation
import HTTPClientTestSupport
import Testing

/// `--save-avatar PATH` and `--record FILE.har` write as the shell's `>` would: through a symbolic link, keeping
/// an existing file's permissions, and with one clear sentence (exit 5) when the folder is missing.
@Suite(.timeLimit(.minutes(1)))
struct OutputFileCLITests {
    @Test func theAvatarIsWrittenThroughASymbolicLinkThatStaysALink() async throws {
        let directory = try TemporaryDirectory()
        let target = directory.file("real.png")
        let link = directory.file("link.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.png")

        let outcome = try await saveAvatar(to: link.path)

        #expect(outcome.status == 0, "\(outcome)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.png")
        #expect(try Data(contentsOf: target).starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        #expect(try permissions(of: target) == 0o644)
    }

    @Test func anExistingFileKeepsItsPermissions() async throws {
        let directory = try TemporaryDirectory()
        let avatar = directory.file("avatar.png")
        try Data("old".utf8).write(to: avatar)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: avatar.path)

        let outcome = try await saveAvatar(to: avatar.path)

        #expect(outcome.status == 0, "\(outcome)")
        #expect(try permissions(of: avatar) == 0o640)
        #expect(try Data(contentsOf: avatar).count > 3)
    }

    @Test func aNewArchiveIsPrivateAndAMissingFolderFailsTheRecording() async throws {
        let directory = try TemporaryDirectory()
        let archive = directory.file("run.har")
        let misplaced = directory.file("nowhere/run.har")
        try await withDevServer { server in
            let written = try await NetworkingBinary.run(
                ["token", "--record", archive.path], environment: server.environment())
            let failed = try await NetworkingBinary.run(
                ["token", "--record", misplaced.path], environment: server.environment())

            #expect(written.status == 0, "\(written)")
            #expect(try permissions(of: archive) == 0o600)
            #expect(failed.status == 5, "\(failed)")
            #expect(
                failed.stderr.hasSuffix(
                    "Could not write \(misplaced.path): the folder does not exist. "
                        + "Create the folder first, or choose another path.\n"), "\(failed)")
        }
    }

    private func saveAvatar(to path: String) async throws -> NetworkingBinary.Outcome {
        var outcome: NetworkingBinary.Outcome?
        try await withDevServer { server in
            outcome = try await NetworkingBinary.run(
                ["question", "78650033", "--save-avatar", path], environment: server.environment())
        }
        return try #require(outcome)
    }

    private func permissions(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
    }
}
