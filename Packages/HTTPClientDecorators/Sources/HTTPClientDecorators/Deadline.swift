/// The moment by which the current call must be answered, set by ``TimeoutHTTPClient`` for everything it wraps.
///
/// ``RetryingHTTPClient`` reads it so that it never waits past it. The time left is read on the clock that
/// set the deadline, so a test's clock drives both.
struct Deadline: Sendable {
    /// When the time runs out, on `time`.
    let instant: Duration
    /// The clock `instant` is measured on.
    let time: ClockTime

    /// The deadline of the innermost ``TimeoutHTTPClient`` around the running task, if any; nested timeouts
    /// keep the earliest.
    @TaskLocal static var current: Deadline?

    /// How much time is left; negative once the deadline has passed.
    var remaining: Duration { instant - time.now() }

    /// `self` or `other`, whichever comes first.
    func earliest(_ other: Deadline?) -> Deadline {
        guard let other, other.remaining < remaining else { return self }
        return other
    }
}
