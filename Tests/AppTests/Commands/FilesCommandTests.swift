import CommandLineKit
import FilesFeature
import Foundation
import HTTPClientTestSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `networking files download` shows a progress bar on a terminal only.
struct FilesCommandTests {
    @Test func onATerminalTheDownloadDrawsABarOnStandardError() async {
        let capture = CapturingConsole()
        var console = capture.console
        console.showsProgress = true
        let sut = makeSUT(console: console)

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("never-written-\(UUID()).bin")

        let status = await sut.download(name: "a.bin", output: output.path)

        #expect(status == .success)
        #expect(capture.stderr.hasPrefix("\ra.bin  ["))
        #expect(capture.stderr.hasSuffix("100%  2.0 KiB / 2.0 KiB  --/s  --:-- left\u{1B}[K\n"))
        #expect(capture.stdout == "Downloaded a.bin to \(output.path)\n")
    }

    @Test func offATerminalTheDownloadWritesNoBar() async {
        let capture = CapturingConsole()
        let sut = makeSUT(console: capture.console)

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("never-written-\(UUID()).bin")

        let status = await sut.download(name: "a.bin", output: output.path)

        #expect(status == .success)
        #expect(capture.stderr.isEmpty)
    }

    @Test(arguments: [true, false])
    func theUploadDrawsABarOnATerminalOnly(onTerminal: Bool) async {
        let capture = CapturingConsole()
        var console = capture.console
        console.showsProgress = onTerminal
        let actions = FilesActions(
            list: { [] }, download: { _, _, _ in },
            upload: { files, progress in
                progress(TransferProgress(completedBytes: 512, totalBytes: 1024))
                progress(TransferProgress(completedBytes: 1024, totalBytes: 1024))
                return files.map { RemoteFile(name: $0.lastPathComponent, size: 1024, sha256: "") }
            },
            delete: { _ in })
        let sut = FilesCommand(actions: actions, console: console, elapsed: { .zero })

        let status = await sut.upload(["/tmp/a.bin"])

        #expect(status == .success)
        #expect(capture.stdout == "Uploaded a.bin (1.0 KiB)\n")
        if onTerminal {
            #expect(capture.stderr.hasPrefix("\ra.bin  ["))
            #expect(capture.stderr.hasSuffix("100%  1.0 KiB / 1.0 KiB  --/s  --:-- left\u{1B}[K\n"))
        } else {
            #expect(capture.stderr.isEmpty)
        }
    }

    @Test func aCancelledDownloadThatLeftAPartialFileSaysTheSameCommandResumesIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("files-command-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = CapturingConsole()
        let (started, signal) = AsyncStream<Void>.makeStream()
        let neverOpened = Gate()
        let actions = FilesActions(
            list: { [] },
            download: { _, destination, _ in
                try Data("part".utf8).write(to: URL(fileURLWithPath: destination.path + ".partial"))
                signal.yield()
                try await neverOpened.wait()
            },
            upload: { _, _ in [] }, delete: { _ in })
        let sut = FilesCommand(actions: actions, console: capture.console, elapsed: { .zero })

        let task = Task { await sut.download(name: "a.bin", output: folder.path) }
        var iterator = started.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        _ = await task.value

        let partial = folder.appendingPathComponent("a.bin.partial").path
        #expect(
            capture.stderr
                == "networking: Download of a.bin interrupted; the same command resumes it from \(partial).\n")
        #expect(capture.stdout.isEmpty)
    }

    /// A download that reports half then all of 2 KiB and writes nothing, with a clock that never moves (so no
    /// rate).
    private func makeSUT(console: Console) -> FilesCommand {
        let actions = FilesActions(
            list: { [] },
            download: { _, _, progress in
                progress(TransferProgress(completedBytes: 1024, totalBytes: 2048))
                progress(TransferProgress(completedBytes: 2048, totalBytes: 2048))
            },
            upload: { _, _ in [] }, delete: { _ in })
        return FilesCommand(actions: actions, console: console, elapsed: { .zero })
    }
}
