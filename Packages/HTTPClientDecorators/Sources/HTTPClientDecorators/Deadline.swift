/// The moment by which the current call must be answered, set by ``TimeoutHTTPClient`` for everything it wraps.
///
/// ``RetryingHTTPClient`` reads it so that it never waits past it. The instant is read with the same clock
/// that set it, so a test's manual clock drives both.
struct Deadline: Sendable {
    /// When the time runs out.
    let instant: ContinuousClock.Instant
    /// The clock `instant` is measured on.
    let now: @Sendable () -> ContinuousClock.Instant

    /// The deadline of the innermost ``TimeoutHTTPClient`` around the running task, if any; nested timeouts
    /// keep the earliest.
    @TaskLocal static var current: Deadline?

    /// How much time is left; negative once the deadline has passed.
    var remaining: Duration { instant - now() }

    /// `self` or `other`, whichever comes first.
    func earliest(_ other: Deadline?) -> Deadline {
        guard let other, other.instant < instant else { return self }
        return other
    }
}
