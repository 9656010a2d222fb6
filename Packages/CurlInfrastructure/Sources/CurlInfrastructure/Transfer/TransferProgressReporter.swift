import HTTPClient

/// Keeps one transfer's `HTTPTransferProgress` and reports each change to the caller's closure, on the loop
/// thread: counts only grow, and the last report comes after the last byte.
struct TransferProgressReporter {
    private let report: @Sendable (HTTPTransferProgress) -> Void
    private var progress: HTTPTransferProgress

    /// - Parameter bytesExpectedToSend: The request body's length (0 without a body), `nil` when unknown.
    init(bytesExpectedToSend: Int64?, report: @escaping @Sendable (HTTPTransferProgress) -> Void) {
        self.report = report
        progress = HTTPTransferProgress(bytesExpectedToSend: bytesExpectedToSend)
    }

    /// The final response's body length is known (`nil`: it is not).
    mutating func expectToReceive(_ length: HTTPBodyLength) {
        if case .known(let count) = length { progress.bytesExpectedToReceive = count }
    }

    /// `count` decoded bytes went to the response body's buffer.
    mutating func received(_ count: Int) {
        progress.bytesReceived += Int64(count)
        report(progress)
    }

    /// The current hop has sent `count` request body bytes; a redirect's new hop starts again from zero, so
    /// only a count past the largest so far is reported.
    mutating func sent(_ count: Int64) {
        guard record(sent: count) else { return }
        report(progress)
    }

    /// The transfer completed, having sent `count` request body bytes on its last hop: the last report.
    mutating func finish(sent count: Int64) {
        record(sent: count)
        report(progress)
    }

    /// Keeps the largest count sent, never past the body's length. Returns whether it grew.
    @discardableResult
    private mutating func record(sent count: Int64) -> Bool {
        let count = progress.bytesExpectedToSend.map { min(count, $0) } ?? count
        guard count > progress.bytesSent else { return false }
        progress.bytesSent = count
        return true
    }
}
