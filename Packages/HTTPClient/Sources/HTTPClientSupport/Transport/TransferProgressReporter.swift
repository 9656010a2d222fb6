import Dispatch
import HTTPClient

/// Keeps one transfer's `HTTPTransferProgress` and reports its changes to the caller's closure, never on the
/// thread that fed it: counts only grow, reports come one at a time and in order, and the last one comes after
/// the last byte.
///
/// A transport creates one per streamed transfer that has a `progress` closure and feeds it from whichever
/// thread sees the bytes move (a transport's own network thread included). Reports are delivered on a
/// dispatch queue, one at a time; while the closure runs, newer counts replace each other, so a slow closure
/// gets the latest counts next and never a queue of stale ones. ``delivered()`` waits until every change so
/// far has been reported.
public final class TransferProgressReporter: Sendable {
    private struct State {
        var progress: HTTPTransferProgress
        /// The newest counts not reported yet.
        var pending: HTTPTransferProgress?
        var isDelivering = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: LockedValue<State>
    private let report: @Sendable (HTTPTransferProgress) -> Void

    /// A reporter for a request body of `bytesExpectedToSend` bytes (`0` without a body, `nil` when unknown).
    public init(bytesExpectedToSend: Int64?, report: @escaping @Sendable (HTTPTransferProgress) -> Void) {
        state = LockedValue(State(progress: HTTPTransferProgress(bytesExpectedToSend: bytesExpectedToSend)))
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
        let start = state.withLock { state in
            if let totalBytes { Self.record(sent: totalBytes, in: &state.progress) }
            return schedule(state.progress, in: &state)
        }
        if start { startDelivery() }
    }

    /// Returns once every change recorded so far has been handed to the closure and the closure returned.
    public func delivered() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                guard state.isDelivering else { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Applies `change` and schedules a report of the result when it differs.
    private func update(_ change: (inout HTTPTransferProgress) -> Void) {
        let start = state.withLock { state in
            var next = state.progress
            change(&next)
            guard next != state.progress else { return false }
            state.progress = next
            return schedule(next, in: &state)
        }
        if start { startDelivery() }
    }

    /// Makes `progress` the next report; returns whether a delivery has to start.
    private func schedule(_ progress: HTTPTransferProgress, in state: inout State) -> Bool {
        state.pending = progress
        guard !state.isDelivering else { return false }
        state.isDelivering = true
        return true
    }

    private func startDelivery() {
        DispatchQueue.global().async { [self] in deliver() }
    }

    /// What the delivery does next: report counts, or stop and wake the waiters.
    private enum Step {
        case report(HTTPTransferProgress)
        case stop(waiters: [CheckedContinuation<Void, Never>])
    }

    /// Reports the pending counts until none are left, then wakes whoever waits in ``delivered()``.
    private func deliver() {
        while true {
            let step = state.withLock { state -> Step in
                if let pending = state.pending {
                    state.pending = nil
                    return .report(pending)
                }
                state.isDelivering = false
                defer { state.waiters = [] }
                return .stop(waiters: state.waiters)
            }
            switch step {
            case .report(let progress):
                report(progress)
            case .stop(let waiters):
                for waiter in waiters { waiter.resume() }
                return
            }
        }
    }

    /// Keeps the largest count sent, never past the body's length.
    private static func record(sent count: Int64, in progress: inout HTTPTransferProgress) {
        let count = progress.bytesExpectedToSend.map { min(count, $0) } ?? count
        progress.bytesSent = max(progress.bytesSent, count)
    }
}
