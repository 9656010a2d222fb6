import HTTPClient
import HTTPClientSupport

/// Relays the progress of a call made of several attempts (retries, a resend after a token refresh) as the
/// progress of one transfer, whose counts never go back.
///
/// Each attempt reports through its own closure from ``nextAttempt()``; reports of an earlier attempt are
/// dropped once the next one starts. Each count is the highest reported so far, so a resent body shows no
/// progress until it passes the bytes already reported.
/// The response side follows only the attempt whose response goes to the caller (``deliver()``), so the
/// bytes of an answer that is retried are never counted.
final class AttemptProgress: Sendable {
    private struct State {
        var attempt = 0
        var delivered = false
        var last = HTTPTransferProgress()
    }

    private let report: @Sendable (HTTPTransferProgress) -> Void
    private let state = LockedValue(State())

    /// Relays to `report`.
    init(_ report: @escaping @Sendable (HTTPTransferProgress) -> Void) {
        self.report = report
    }

    /// Starts the next attempt and returns the closure it reports through.
    func nextAttempt() -> @Sendable (HTTPTransferProgress) -> Void {
        let attempt = state.withLock { state in
            state.attempt += 1
            return state.attempt
        }
        return { [self] progress in relay(progress, from: attempt) }
    }

    /// The current attempt's response goes to the caller: its response counts are relayed from now on.
    func deliver() {
        state.withLock { $0.delivered = true }
    }

    private func relay(_ progress: HTTPTransferProgress, from attempt: Int) {
        // Reported under the lock, so two reports never reach the caller out of order.
        state.withLock { state in
            guard attempt == state.attempt else { return }
            var next = state.last
            next.bytesSent = max(state.last.bytesSent, progress.bytesSent)
            next.bytesExpectedToSend = progress.bytesExpectedToSend
            if state.delivered {
                next.bytesReceived = max(state.last.bytesReceived, progress.bytesReceived)
                next.bytesExpectedToReceive = progress.bytesExpectedToReceive
            }
            state.last = next
            report(next)
        }
    }
}
