import HTTPClient
import HTTPClientSupport

/// Counts the loads running through the clients that ``LoadTrackingHTTPClient`` wraps, and lets a caller wait
/// until none is left: a program that cancels its work can still wait for what that work was recording.
public final class InFlightLoads: Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<Void, Never>
        var timer: Task<Void, Never>?
    }

    private struct State {
        var running = 0
        var waiters: [Int: Waiter] = [:]
        var nextID = 0
    }

    private let state = LockedValue(State())
    private let clock: any Clock<Duration>

    /// Creates a counter with no load running.
    /// - Parameter clock: Measures the limit of ``drained(within:)``.
    public init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
    }

    /// How many loads are running.
    public var count: Int {
        state.withLock { $0.running }
    }

    /// Returns once no load is running, or after `limit` at the latest (a load that ignores cancellation must
    /// not keep the caller waiting). Waits in a cancelled task too.
    public func drained(within limit: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let id = state.withLock { state -> Int? in
                guard state.running > 0 else { return nil }
                let id = state.nextID
                state.nextID += 1
                state.waiters[id] = Waiter(continuation: continuation)
                return id
            }
            guard let id else { return continuation.resume() }
            let timer = Task { [clock] in
                try? await clock.sleep(for: limit)
                self.release(id)
            }
            let isWaiting = state.withLock { state in
                state.waiters[id]?.timer = timer
                return state.waiters[id] != nil
            }
            if !isWaiting { timer.cancel() }
        }
    }

    func begin() {
        state.withLock { $0.running += 1 }
    }

    func end() {
        let waiters = state.withLock { state -> [Waiter] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume()
        }
    }

    private func release(_ id: Int) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
    }
}
