import Foundation
import HTTPClient
import HTTPClientSupport

/// Which came first for one bounded load or stream: its outcome or the end of its time. The first report wins.
///
/// ``run(_:settle:timeUp:)`` holds the plumbing every timed decorator shares; what reports `.timeUp`, and when,
/// is each decorator's own rule.
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

    /// Runs `operation` in a child task that reports `.loaded` when it finishes, and waits for the first report.
    /// Then `settle` runs (to cancel what is still timed); when the time was up first and the caller is not
    /// cancelled, the error `timeUp` returns is thrown, and leaving the scope cancels the child and waits for it.
    /// Otherwise the operation's own outcome is returned or thrown.
    /// - Parameters:
    ///   - operation: The load or stream to run.
    ///   - settle: Called once the race is decided.
    ///   - timeUp: The error for a time that ran out first, or `nil` to hand back the operation's outcome.
    func run<Result: Sendable>(
        _ operation: @Sendable () async throws -> Result,
        settle: () -> Void,
        timeUp: () -> (any Error)?
    ) async throws -> Result {
        async let outcome = outcome(of: operation)
        let first = await first()
        settle()
        if first == .timeUp, !Task.isCancelled, let error = timeUp() { throw error }
        return try await outcome.get()
    }

    private func outcome<Result: Sendable>(
        of operation: @Sendable () async throws -> Result
    ) async -> Swift.Result<Result, any Error> {
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = .success(try await operation())
        } catch {
            outcome = .failure(error)
        }
        report(.loaded)
        return outcome
    }
}
