import CommandLineKit
import FilesFeature
import Foundation
import HTTPClientTestSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// How `networking files upload` chooses between resumable and multipart uploads, and `--cancel`.
struct FilesUploadCommandTests {
    /// What the fake actions were asked to do, in order.
    private let calls = RecordedValues<String>()
    /// The local files: each name holds 4 bytes.
    private let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        for name in ["a.bin", "b.bin", "c.bin"] { _ = try folder.file(name, contents: Data("data".utf8)) }
    }

    /// The paths of `names` in the folder.
    private func paths(_ names: String...) -> [String] { names.map { folder.file($0).path } }

    @Test func aFileWithoutARecordUsesTheOfferedProtocol() async {
        let capture = CapturingConsole()
        let sut = makeSUT(console: capture.console, offered: [.tus])

        let status = await sut.upload(paths("a.bin", "b.bin"))

        #expect(status == .success)
        #expect(calls.values == ["offered", "tus a.bin", "tus b.bin"])
        #expect(capture.stdout == "Uploaded a.bin (4 B), b.bin (4 B)\n")
    }

    @Test func aFileWithAnInterruptedUploadContinuesWithItsProtocol() async {
        let sut = makeSUT(console: CapturingConsole().console, offered: [.tus], interrupted: ["a.bin": .draft])

        let status = await sut.upload(paths("a.bin"))

        #expect(status == .success)
        #expect(calls.values == ["draft a.bin"])
    }

    @Test func withNothingOfferedTheFilesGoInOneMultipartRequest() async {
        let sut = makeSUT(console: CapturingConsole().console, offered: [])

        let status = await sut.upload(paths("a.bin", "b.bin"))

        #expect(status == .success)
        #expect(calls.values == ["offered", "multipart a.bin b.bin"])
    }

    @Test(arguments: [UploadProtocolChoice.draft, .tus, .multipart])
    func theProtocolOptionDecidesWithoutAsking(choice: UploadProtocolChoice) async {
        let sut = makeSUT(console: CapturingConsole().console, offered: [.tus], interrupted: ["a.bin": .tus])

        let status = await sut.upload(paths("a.bin"), using: choice)

        #expect(status == .success)
        #expect(calls.values == ["\(choice.rawValue) a.bin"])
    }

    @Test func anUnusableCacheFallsBackToMultipartUnlessAProtocolWasChosen() async {
        let capture = CapturingConsole()
        let sut = makeSUT(console: capture.console, offered: [.tus], recordsProblem: "/c is not a directory")

        #expect(await sut.upload(paths("a.bin")) == .success)
        #expect(calls.values == ["multipart a.bin"])
        #expect(capture.stderr == "networking: resumable uploads disabled: /c is not a directory.\n")

        #expect(await sut.upload(paths("a.bin"), using: .tus) == .localFileFailure)
        #expect(calls.values == ["multipart a.bin"])
    }

    @Test func aFailedFileDoesNotStopTheOthersAndSetsTheStatus() async {
        let capture = CapturingConsole()
        let sut = makeSUT(console: capture.console, offered: [.tus], failing: "b.bin")

        let status = await sut.upload(paths("a.bin", "b.bin", "c.bin"))

        #expect(status == .serverError)
        #expect(calls.values == ["offered", "tus a.bin", "tus b.bin", "tus c.bin"])
        #expect(capture.stdout == "Uploaded a.bin (4 B), c.bin (4 B)\n")
        #expect(capture.stderr.hasPrefix("networking: Could not upload b.bin: "))
    }

    @Test func namesAreCheckedBeforeAnythingIsAsked() async {
        let sut = makeSUT(console: CapturingConsole().console, offered: [.tus])

        #expect(await sut.upload(paths("a.bin") + ["/other/a.bin"]) == .usage)
        #expect(calls.values.isEmpty)
    }

    @Test func cancelDeletesEachRecordedUpload() async {
        let capture = CapturingConsole()
        let sut = makeSUT(console: capture.console, offered: [.tus], interrupted: ["a.bin": .draft])

        let status = await sut.cancelUploads(paths("a.bin"))

        #expect(status == .success)
        #expect(calls.values == ["cancel draft a.bin", "cancel tus a.bin"])
        #expect(capture.stdout == "Cancelled the upload of a.bin\n")
    }

    @Test func cancelWithoutARecordSaysSoAndExitsNotFound() async {
        let capture = CapturingConsole()
        let sut = makeSUT(console: capture.console, offered: [.tus])

        #expect(await sut.cancelUploads(paths("a.bin"), using: .tus) == .notFound)
        #expect(calls.values == ["cancel tus a.bin"])
        #expect(capture.stderr == "networking: No interrupted upload of a.bin to cancel.\n")
        #expect(await sut.cancelUploads(paths("a.bin"), using: .multipart) == .usage)
    }

    /// A command over fake actions that record each call; every upload stores 4 bytes.
    private func makeSUT(
        console: Console, offered: [ResumableFileProtocol], interrupted: [String: ResumableFileProtocol] = [:],
        recordsProblem: String? = nil, failing: String? = nil
    ) -> FilesCommand {
        let calls = calls
        let stored: @Sendable (URL) -> RemoteFile = { RemoteFile(name: $0.lastPathComponent, size: 4, sha256: "") }
        let resumable = ResumableUploads(
            offered: {
                calls.append("offered")
                return offered
            },
            interrupted: { file in
                if let recordsProblem { throw CacheUnavailable(reason: recordsProblem) }
                return interrupted[file.lastPathComponent]
            },
            upload: { file, uploadProtocol, progress in
                calls.append("\(uploadProtocol.rawValue) \(file.lastPathComponent)")
                progress(TransferProgress(completedBytes: 4, totalBytes: 4))
                if file.lastPathComponent == failing { throw FilesUploadFailure() }
                return stored(file)
            },
            cancel: { file, uploadProtocol in
                calls.append("cancel \(uploadProtocol.rawValue) \(file.lastPathComponent)")
                return interrupted[file.lastPathComponent] == uploadProtocol
            })
        let actions = FilesActions(
            list: { [] }, download: { _, _, _ in }, downloadBytes: nil,
            upload: { files, _ in
                calls.append((["multipart"] + files.map(\.lastPathComponent)).joined(separator: " "))
                return files.map(stored)
            },
            delete: { _ in }, resumableUploads: resumable)
        return FilesCommand(actions: actions, console: console, elapsed: { .zero })
    }
}

/// A server error status for one upload.
private struct FilesUploadFailure: Error, CategorizedError {
    var exitStatus: AppExitStatus { .serverError }
}
