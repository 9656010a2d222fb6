import FilesFeature
import Foundation
import Testing

@Suite struct FilesRendererTests {
    @Test func rendersOneAlignedLinePerFile() {
        let state = FilesViewState.loaded([
            RemoteFile(name: "holiday.jpg", size: 3_481_200, sha256: "9f86d081884c7d659a2f"),
            RemoteFile(name: "a", size: 912, sha256: "60303ae22b998861bce3"),
        ])

        #expect(FilesRenderer.render(state) == "holiday.jpg  3.3 MiB  9f86d081884c\na              912 B  60303ae22b99")
    }

    @Test func aNameCannotForgeOrReorderARow() {
        let files = [
            RemoteFile(name: "a\nfake.bin  1 B  000000000000", size: 1, sha256: String(repeating: "a", count: 64)),
            RemoteFile(name: "gpj.\u{202E}exe", size: 2, sha256: String(repeating: "b", count: 64)),
        ]

        let lines = FilesRenderer.render(.loaded(files)).split(separator: "\n", omittingEmptySubsequences: false)

        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("a\\nfake.bin  1 B  000000000000  "))
        #expect(lines[1].hasPrefix("gpj.\\u{202E}exe"))
        #expect(!lines.joined().unicodeScalars.contains { $0.value == 0x202E })
    }

    @Test func rendersTheOtherListStates() {
        #expect(FilesRenderer.render(FilesViewState.loading) == "Loading files…")
        #expect(FilesRenderer.render(FilesViewState.loaded([])) == "No files.")
        #expect(FilesRenderer.render(FilesViewState.failed(message: "It broke.")) == "It broke.")
    }

    @Test func rendersActionStates() {
        let file = RemoteFile(name: "x.bin", size: 2048, sha256: "ff")
        let destination = URL(fileURLWithPath: "/files-test/x.bin")

        #expect(FilesRenderer.render(FileActionState.running(nil)) == "Starting…")
        #expect(
            FilesRenderer.render(FileActionState.running(TransferProgress(completedBytes: 1536, totalBytes: 3072)))
                == "1.5 KiB of 3.0 KiB (50%)")
        #expect(
            FilesRenderer.render(FileActionState.running(TransferProgress(completedBytes: 10, totalBytes: nil)))
                == "10 B")
        #expect(
            FilesRenderer.render(FileActionState.downloaded(name: "x.bin", destination: destination))
                == "Downloaded x.bin to /files-test/x.bin")
        #expect(
            FilesRenderer.render(FileActionState.uploaded([file, file])) == "Uploaded x.bin (2.0 KiB), x.bin (2.0 KiB)")
        #expect(FilesRenderer.render(FileActionState.deleted(name: "x.bin")) == "Deleted x.bin")
        #expect(FilesRenderer.render(FileActionState.failed(message: "No.")) == "No.")
    }

    @Test(
        arguments: [
            (Int64(0), "0 B"), (Int64(1023), "1023 B"), (Int64(1024), "1.0 KiB"), (Int64(1_572_864), "1.5 MiB"),
            (Int64(2) << 30, "2.0 GiB"), (Int64(-2048), "-2.0 KiB"), (Int64.max, "8.0 EiB"),
        ] as [(Int64, String)])
    func byteCounts(count: Int64, text: String) {
        #expect(ByteCountText.text(count) == text)
    }

    @Test func fractionCompleted() {
        #expect(TransferProgress(completedBytes: 1, totalBytes: 4).fractionCompleted == 0.25)
        #expect(TransferProgress(completedBytes: 9, totalBytes: 4).fractionCompleted == 1)
        #expect(TransferProgress(completedBytes: 0, totalBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(completedBytes: 3, totalBytes: nil).fractionCompleted == nil)
    }
}
