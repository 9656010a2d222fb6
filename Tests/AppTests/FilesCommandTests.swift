import CommandLineKit
import FilesFeature
import Foundation
import Testing

@testable import NetworkingApp

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
