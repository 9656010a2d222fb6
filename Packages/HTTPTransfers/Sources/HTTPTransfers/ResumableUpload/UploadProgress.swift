import Foundation
import HTTPClient
import Synchronization

/// Reports an upload's progress over the whole file across appends and resumes, never going backwards: bytes
/// sent again after a resume count only once they pass the highest count reported.
final class UploadProgress: Sendable {
    private let report: (@Sendable (HTTPTransferProgress) -> Void)?
    private let fileSize: Int64
    private let highest = Atomic<Int64>(-1)

    init(fileSize: Int64, report: (@Sendable (HTTPTransferProgress) -> Void)?) {
        self.fileSize = fileSize
        self.report = report
    }

    /// The progress callback for an append that starts at `offset`.
    func forAppend(from offset: Int64) -> (@Sendable (HTTPTransferProgress) -> Void)? {
        guard report != nil else { return nil }
        return { [self] progress in self.reach(offset + progress.bytesSent) }
    }

    /// Reports `sent` bytes of the file when that is more than reported so far.
    func reach(_ sent: Int64) {
        let value = min(sent, fileSize)
        var current = highest.load(ordering: .relaxed)
        while value > current {
            let (exchanged, original) = highest.compareExchange(
                expected: current, desired: value, ordering: .relaxed)
            if exchanged {
                report?(HTTPTransferProgress(bytesSent: value, bytesExpectedToSend: fileSize))
                return
            }
            current = original
        }
    }
}
