import HTTPClient

/// Keeps one transfer's `HTTPTransferProgress` and reports each change to the caller's closure: counts only
/// grow, reports come one at a time and in order, and the last one comes after the last byte.
///
/// A transport creates one per streamed transfer that has a `progress` closure and feeds it from whichever
/// thread sees the bytes move.
public final class TransferProgressReporter: Sendable {
    private let progress: LockedValue<HTTPTransferProgress>
    private let report: @Sendable (HTTPTransferProgress) -> Void

    /// A reporter for a request body of `bytesExpectedToSend` bytes (`0` without a body, `nil` when unknown).
    public init(bytesExpectedToSend: Int64?, report: @escaping @Sendable (HTTPTransferProgress) -> Void) {
        progress = LockedValue(HTTPTransferProgress(bytesExpectedToSend: bytesExpectedToSend))
        self.report = report
    }

    /// The final response's head announced a body of `length`; an unknown length changes nothing.
    public func expectToReceive(_ length: HTTPBodyLength) {
        guard case .known(let count) = length else { return }
        update { $0.bytesExpectedToReceive = count }
    }

    /// `count` more response body bytes reached the body's buffer.
    public func received(_ count: Int) {
        update { $0.bytesReceived += Int64(count) }
    }

    /// The current hop has sent `totalBytes` of the request body. A redirect's new hop counts from zero
    /// again, so only a count past the largest so far, and never past the body's length, is reported.
    public func sent(totalBytes: Int64) {
        update { Self.record(sent: totalBytes, in: &$0) }
    }

    /// The transfer completed: records `totalBytes` sent on the last hop, if given, and reports the counts
    /// once more.
    public func finish(sent totalBytes: Int64? = nil) {
        progress.withLock { progress in
            if let totalBytes { Self.record(sent: totalBytes, in: &progress) }
            report(progress)
        }
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

    /// Keeps the largest count sent, never past the body's length.
    private static func record(sent count: Int64, in progress: inout HTTPTransferProgress) {
        let count = progress.bytesExpectedToSend.map { min(count, $0) } ?? count
        progress.bytesSent = max(progress.bytesSent, count)
    }
}
