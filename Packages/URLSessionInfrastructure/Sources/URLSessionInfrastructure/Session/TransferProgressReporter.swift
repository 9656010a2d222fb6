import Foundation
import HTTPClient
import HTTPClientSupport

/// Reports a streamed transfer's byte counts to the caller's `progress` closure: never backwards, one report
/// at a time, and a final report once the response has ended.
final class TransferProgressReporter: Sendable {
    private let progress: LockedValue<HTTPTransferProgress>
    private let report: @Sendable (HTTPTransferProgress) -> Void

    /// A reporter for a request body of `bytesExpectedToSend` bytes (`nil` when unknown).
    init(bytesExpectedToSend: Int64?, report: @escaping @Sendable (HTTPTransferProgress) -> Void) {
        self.progress = LockedValue(HTTPTransferProgress(bytesExpectedToSend: bytesExpectedToSend))
        self.report = report
    }

    /// `totalBytes` of the request body reached the socket layer (a resent body counts from zero again).
    func sent(totalBytes: Int64) {
        update { $0.bytesSent = max($0.bytesSent, totalBytes) }
    }

    /// The response head announced a body of `length` bytes (`nil` when unknown).
    func expectToReceive(_ length: Int64?) {
        update { $0.bytesExpectedToReceive = length }
    }

    /// `count` more response bytes reached the body's buffer.
    func received(_ count: Int) {
        update { $0.bytesReceived += Int64(count) }
    }

    /// Reports the counts once more, after the last byte.
    func finish() {
        progress.withLock { report($0) }
    }

    /// Applies `change` and reports the result when it differs; the lock keeps reports in order.
    private func update(_ change: (inout HTTPTransferProgress) -> Void) {
        progress.withLock { progress in
            var next = progress
            change(&next)
            guard next != progress else { return }
            progress = next
            report(next)
        }
    }
}
