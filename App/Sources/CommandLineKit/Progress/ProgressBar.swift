import Synchronization

/// A progress bar on standard error that redraws one line in place, at most once per interval.
///
/// Redraws are throttled by the injected clock, never by sleeping: an update that comes sooner than
/// `minimumInterval` after the last drawn one only records its numbers. When the stream is not a terminal the
/// bar writes nothing at all, so logs and pipes get no control characters.
public final class ProgressBar: Sendable {
    private struct State {
        var lastDraw: Duration?
        var start: (completed: Int64, at: Duration)?
        var latest: (completed: Int64, total: Int64?)?
        var finished = false
    }

    private let label: String
    private let isTerminal: Bool
    private let minimumInterval: Duration
    private let elapsed: @Sendable () -> Duration
    private let write: @Sendable (String) -> Void
    private let columns: @Sendable () -> Int?
    private let state = Mutex(State())

    /// Creates a bar that draws nothing until its first update.
    /// - Parameters:
    ///   - label: What moves, shown first on the line.
    ///   - isTerminal: Whether the stream is a terminal; when not, the bar writes nothing.
    ///   - minimumInterval: The shortest time between two redraws (a tenth of a second: 10 a second).
    ///   - elapsed: A monotonic clock: the time since any fixed start.
    ///   - columns: The terminal's width, read at each redraw; the line fits in one column less (see
    ///     ``ProgressBarText/line(label:completed:total:bytesPerSecond:columns:)``). `nil` draws the full line.
    ///   - write: Writes to the stream as it is (the bar's own control characters must pass).
    public init(
        label: String, isTerminal: Bool, minimumInterval: Duration = .milliseconds(100),
        elapsed: @escaping @Sendable () -> Duration = ProgressBar.monotonicClock(),
        columns: @escaping @Sendable () -> Int? = { nil },
        write: @escaping @Sendable (String) -> Void
    ) {
        self.columns = columns
        self.label = label
        self.isTerminal = isTerminal
        self.minimumInterval = minimumInterval
        self.elapsed = elapsed
        self.write = write
    }

    /// A clock reading the time since it was made, from `ContinuousClock`.
    public static func monotonicClock() -> @Sendable () -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        return { clock.now - start }
    }

    /// Records `completed` of `total` bytes, and redraws when the last redraw is at least an interval old.
    public func update(completed: Int64, total: Int64?) {
        guard isTerminal else { return }
        let now = elapsed()
        state.withLock { state in
            guard !state.finished else { return }
            state.latest = (completed, total)
            if state.start == nil { state.start = (completed, now) }
            if let lastDraw = state.lastDraw, now - lastDraw < minimumInterval { return }
            state.lastDraw = now
            write("\r" + text(state, now: now) + "\u{1B}[K")
        }
    }

    /// Draws the last recorded numbers and ends the line; later updates are ignored. Does nothing when no
    /// update came or the stream is not a terminal.
    public func finish() {
        guard isTerminal else { return }
        let now = elapsed()
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            guard state.latest != nil else { return }
            write("\r" + text(state, now: now) + "\u{1B}[K\n")
        }
    }

    private func text(_ state: State, now: Duration) -> String {
        let latest = state.latest ?? (0, nil)
        var rate: Double?
        if let start = state.start {
            let seconds = Self.seconds(now - start.at)
            if seconds > 0 { rate = Double(latest.completed - start.completed) / seconds }
        }
        guard let columns = columns() else {
            return ProgressBarText.line(
                label: label, completed: latest.completed, total: latest.total, bytesPerSecond: rate)
        }
        return ProgressBarText.line(
            label: label, completed: latest.completed, total: latest.total, bytesPerSecond: rate, columns: columns)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
