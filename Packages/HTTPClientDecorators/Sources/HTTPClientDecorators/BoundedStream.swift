import Foundation
import HTTPClient

/// Runs a whole stream, `receive` included, against a deadline: when the time is up first, the stream is
/// cancelled and the caller gets the time-up error once it has finished.
enum BoundedStream {
    /// Runs `operation` in a child task raced against `deadline` on `timer`.
    /// - Parameters:
    ///   - deadline: When the time is up, on the timer's clock.
    ///   - timer: Fires the deadline.
    ///   - timeUp: The error thrown when the deadline comes first (a cancelled caller gets its own error).
    ///   - operation: The stream to run.
    static func run<Result: Sendable>(
        until deadline: Duration,
        on timer: DeadlineTimer,
        timeUp: () -> any Error,
        _ operation: @Sendable () async throws -> Result
    ) async throws -> Result {
        let race = LoadRace()
        async let streamed = outcome(of: operation, reportingTo: race)
        let timerID = timer.schedule(at: deadline) { race.report(.timeUp) }
        let first = await race.first()
        timer.cancel(timerID)
        if first == .timeUp, !Task.isCancelled { throw timeUp() }
        return try await streamed.get()
    }

    private static func outcome<Result: Sendable>(
        of operation: @Sendable () async throws -> Result, reportingTo race: LoadRace
    ) async -> Swift.Result<Result, any Error> {
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = .success(try await operation())
        } catch {
            outcome = .failure(error)
        }
        race.report(.loaded)
        return outcome
    }
}
