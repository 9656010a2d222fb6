import Foundation
import HTTPClient
import HTTPClientSupport

/// Follows how far the reader lags behind the transport: `bytesReceived` (bytes handed to the client's
/// buffer) minus the bytes the reader took.
final class BacklogWatch: Sendable {
    private struct State {
        var received: Int64 = 0
        var consumed: Int64 = 0
        var peak: Int64 = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let total: Int64
    private let lag: Int64
    private let state = LockedValue(State())

    /// - Parameters:
    ///   - total: The body's length.
    ///   - lag: How far behind the reader stays: it takes the next chunk only once this many bytes wait.
    init(total: Int64, lag: Int64) {
        self.total = total
        self.lag = lag
    }

    /// The largest backlog seen.
    var peak: Int64 { state.withLock { $0.peak } }

    /// The progress closure.
    var report: @Sendable (HTTPTransferProgress) -> Void {
        { progress in
            let waiter = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.received = progress.bytesReceived
                state.peak = max(state.peak, state.received - state.consumed)
                guard self.isBehind(state) else { return nil }
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    /// The reader took `count` bytes.
    func consumed(_ count: Int) {
        state.withLock { $0.consumed += Int64(count) }
    }

    /// Returns once the transport has `lag` bytes waiting for the reader, or has handed over every byte.
    func untilBehind() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if isBehind(state) { return true }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func isBehind(_ state: State) -> Bool {
        state.received - state.consumed >= lag || state.received >= total
    }
}
