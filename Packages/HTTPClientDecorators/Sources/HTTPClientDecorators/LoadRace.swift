import Foundation
import HTTPClient
import HTTPClientSupport

/// Which came first for one bounded load: its outcome or the end of its time. The first report wins.
final class LoadRace: Sendable {
    enum Finish: Sendable {
        case loaded
        case timeUp
    }

    private enum State {
        case waiting(UnsafeContinuation<Finish, Never>?)
        case finished(Finish)
    }

    private let state = LockedValue(State.waiting(nil))

    /// Suspends until the first report, or returns it at once when it has come already.
    func first() async -> Finish {
        await withUnsafeContinuation { continuation in
            let finished = state.withLock { state -> Finish? in
                switch state {
                case .finished(let finish): return finish
                case .waiting: state = .waiting(continuation)
                }
                return nil
            }
            if let finished { continuation.resume(returning: finished) }
        }
    }

    /// Reports `finish`; ignored when another report came first.
    func report(_ finish: Finish) {
        let waiter = state.withLock { state -> UnsafeContinuation<Finish, Never>? in
            guard case .waiting(let waiter) = state else { return nil }
            state = .finished(finish)
            return waiter
        }
        waiter?.resume(returning: finish)
    }
}
