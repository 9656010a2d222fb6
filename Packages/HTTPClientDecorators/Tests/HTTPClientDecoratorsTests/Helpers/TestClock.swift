import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport

/// A `Clock` a test drives: its time moves only by ``advance(by:)``, and each sleep hands the time asked for to
/// `sleep`, which decides when (and whether) the sleep ends. The time is not advanced by a sleep.
final class TestClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current: LockedValue<Instant>
    private let onSleep: @Sendable (Duration) async throws -> Void

    /// A clock whose sleeps call `sleep` with the time asked for; by default a sleep ends only when cancelled.
    init(sleep: @escaping @Sendable (Duration) async throws -> Void = { _ in try await Gate().wait() }) {
        current = LockedValue(Instant(offset: .zero))
        onSleep = sleep
    }

    /// A clock that reads and advances the time of `other`, and whose sleeps call `sleep`.
    init(sharing other: TestClock, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        current = other.current
        onSleep = sleep
    }

    var now: Instant { current.withLock { $0 } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await onSleep(now.duration(to: deadline))
    }

    /// Moves the time forward by `duration`.
    func advance(by duration: Duration) {
        current.withLock { $0 = $0.advanced(by: duration) }
    }
}
