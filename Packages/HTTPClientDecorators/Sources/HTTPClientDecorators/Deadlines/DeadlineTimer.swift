import HTTPClient
import HTTPClientSupport

/// Calls a closure when its deadline passes, for many pending deadlines at once, with one sleeping task.
///
/// Scheduling and cancelling take a lock and touch a dictionary, no task: the one sleeper task sleeps until
/// the earliest deadline it knows of, fires what is due, and ends when nothing is pending. A deadline
/// earlier than the one the sleeper waits for starts a new sleeper (the old one ends when it wakes).
/// Dropping the timer cancels its sleeper.
final class DeadlineTimer: Sendable {
    private struct Entry {
        let deadline: Duration
        let fire: @Sendable () -> Void
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        /// What the current sleeper waits for, or `nil` when no sleeper runs.
        var target: Duration?
        var generation = 0
        var sleeper: Task<Void, Never>?
    }

    private let state = LockedValue(State())
    private let time: ClockTime

    /// - Parameter time: The clock deadlines are measured and slept on.
    init(time: ClockTime) {
        self.time = time
    }

    deinit {
        state.withLock { $0.sleeper?.cancel() }
    }

    /// Calls `fire` once `deadline` has passed, unless ``cancel(_:)`` comes first; returns the handle for that.
    func schedule(at deadline: Duration, _ fire: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(deadline: deadline, fire: fire)
            if state.target.map({ deadline < $0 }) ?? true {
                state.generation += 1
                state.target = deadline
                state.sleeper?.cancel()
                state.sleeper = startSleeper(until: deadline, generation: state.generation)
            }
            return id
        }
    }

    /// Forgets the deadline `id`; its closure is not called if it has not been already.
    func cancel(_ id: Int) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    private func startSleeper(until deadline: Duration, generation: Int) -> Task<Void, Never> {
        Task { [weak self, time] in
            var target = deadline
            while true {
                do {
                    try await time.sleep(target)
                } catch {
                    return  // cancelled: the timer was dropped or a newer sleeper took over
                }
                guard let next = self?.fireDue(at: time.now(), generation: generation) else { return }
                target = next
            }
        }
    }

    /// Fires every entry due at `instant` and returns the next deadline to sleep until, or `nil` when this
    /// sleeper should end (nothing pending, or a newer sleeper runs).
    private func fireDue(at instant: Duration, generation: Int) -> Duration? {
        let (due, next) = state.withLock { state -> ([Entry], Duration?) in
            guard state.generation == generation else { return ([], nil) }
            let due = state.entries.filter { $0.value.deadline <= instant }
            for id in due.keys { state.entries.removeValue(forKey: id) }
            let next = state.entries.values.map(\.deadline).min()
            state.target = next
            if next == nil { state.sleeper = nil }
            return (Array(due.values), next)
        }
        for entry in due { entry.fire() }
        return next
    }
}
