/// The moment by which the current call must be answered, set by ``TimeoutHTTPClient`` and
/// ``DeadlineBoundHTTPClient`` for everything they wrap.
///
/// ``RetryingHTTPClient`` reads it so that it never waits past it. The time left is read on the clock that
/// set the deadline, so a test's clock drives both.
struct Deadline: Sendable {
    /// When the time runs out, on `time`.
    let instant: Duration
    /// The clock `instant` is measured on.
    let time: ClockTime

    /// The deadline of the innermost bounding decorator around the running task, if any; nested deadlines keep
    /// the earliest.
    @TaskLocal static var current: Deadline?

    /// A deadline `duration` from now on `time`.
    init(after duration: Duration, on time: ClockTime) {
        instant = time.now() + duration
        self.time = time
    }

    /// How much time is left; negative once the deadline has passed.
    var remaining: Duration { instant - time.now() }

    /// `self` or `other`, whichever comes first.
    func earliest(_ other: Deadline?) -> Deadline {
        guard let other, other.remaining < remaining else { return self }
        return other
    }

    /// Runs `operation` with this deadline as ``current``, unless the one around it comes first.
    func scope<Result>(_ operation: () async throws -> Result) async rethrows -> Result {
        try await Deadline.$current.withValue(earliest(Deadline.current), operation: operation)
    }
}
