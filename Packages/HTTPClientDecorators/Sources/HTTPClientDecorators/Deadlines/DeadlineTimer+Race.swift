import HTTPClient

extension DeadlineTimer {
    /// Runs `operation` in a child task raced against `deadline`: when the time is up first, the operation is
    /// cancelled and, once it has finished, `timeUp`'s error is thrown (a cancelled caller gets its own error).
    /// - Parameters:
    ///   - deadline: When the time is up, on the timer's clock.
    ///   - timeUp: The error thrown when the deadline comes first.
    ///   - operation: The load or stream to run.
    func race<Result: Sendable>(
        until deadline: Duration,
        timeUp: () -> any Error,
        _ operation: @Sendable () async throws -> Result
    ) async throws -> Result {
        let race = LoadRace()
        let timerID = schedule(at: deadline) { race.report(.timeUp) }
        return try await race.run(operation, settle: { cancel(timerID) }, timeUp: timeUp)
    }
}
