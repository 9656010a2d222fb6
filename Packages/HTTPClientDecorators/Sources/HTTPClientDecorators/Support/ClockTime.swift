/// An injected `any Clock<Duration>` read as the time since a fixed origin, so a decorator can store, compare
/// and sleep until instants without knowing the clock's `Instant` type.
struct ClockTime: Sendable {
    /// The time since the origin.
    let now: @Sendable () -> Duration
    /// Sleeps until `now()` reaches the given time; throws when the task is cancelled.
    let sleep: @Sendable (_ until: Duration) async throws -> Void

    /// Reads `clock`, with the origin at its current instant.
    init(_ clock: any Clock<Duration>) {
        self = Self.reading(clock)
    }

    private init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    private static func reading<C: Clock<Duration>>(_ clock: C) -> ClockTime {
        let origin = clock.now
        return ClockTime(
            now: { origin.duration(to: clock.now) },
            sleep: { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) })
    }
}
