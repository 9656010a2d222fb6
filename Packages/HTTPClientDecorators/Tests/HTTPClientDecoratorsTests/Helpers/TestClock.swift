import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport

/// A `Clock` a test drives: its time moves only by ``advance(by:)``, never by a sleep.
///
/// A clock made with a `sleep` closure hands each sleep's time to it, which decides when (and whether) the
/// sleep ends. A ``stepping()`` clock ends a sleep once ``advance(by:)`` reaches its deadline (at once for a
/// deadline already reached), or with `CancellationError` when its task is cancelled.
final class TestClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Time {
        var now = Instant(offset: .zero)
        /// The sleeps of a stepping clock, waiting for their deadlines.
        var sleepers: [Int: Sleeper] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let time: LockedValue<Time>
    /// What a sleep does, or `nil` for a stepping clock.
    private let onSleep: (@Sendable (Duration) async throws -> Void)?

    /// A clock whose sleeps call `sleep` with the time asked for; by default a sleep ends only when cancelled.
    convenience init(sleep: @escaping @Sendable (Duration) async throws -> Void = { _ in try await Gate().wait() }) {
        self.init(time: LockedValue(Time()), onSleep: sleep)
    }

    /// A clock that reads and advances the time of `other`, and whose sleeps call `sleep`.
    convenience init(sharing other: TestClock, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.init(time: other.time, onSleep: sleep)
    }

    private init(time: LockedValue<Time>, onSleep: (@Sendable (Duration) async throws -> Void)?) {
        self.time = time
        self.onSleep = onSleep
    }

    /// A clock whose sleeps end once ``advance(by:)`` has reached their deadlines.
    static func stepping() -> TestClock {
        TestClock(time: LockedValue(Time()), onSleep: nil)
    }

    /// A clock whose sleeps end only when cancelled, each cancelled one opening `stopped`.
    static func cancelledSleeps(open stopped: Gate) -> TestClock {
        TestClock { _ in
            do {
                try await Gate().wait()
            } catch {
                await stopped.open()
                throw error
            }
        }
    }

    var now: Instant { time.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        if let onSleep {
            try await onSleep(now.duration(to: deadline))
        } else {
            try await step(until: deadline)
        }
    }

    /// Moves the time forward by `duration`, ending every stepping sleep whose deadline it reached.
    func advance(by duration: Duration) {
        let due = time.withLock { time in
            time.now = time.now.advanced(by: duration)
            let now = time.now
            let due = time.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { time.sleepers.removeValue(forKey: id) }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    private func step(until deadline: Instant) async throws {
        let id = time.withLock { time in
            time.nextID += 1
            return time.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = time.withLock { time -> Result<Void, any Error>? in
                    if time.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= time.now { return .success(()) }
                    time.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = time.withLock { time in
                let sleeper = time.sleepers.removeValue(forKey: id)
                if sleeper == nil { time.cancelled.insert(id) }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
