/// Decides, once, between starting one piece of work and cancelling it, when the two race on different
/// threads: the calling task starts it, a task cancellation handler cancels it.
///
/// A cancellation that comes before the start keeps the work from starting at all; one that comes after
/// hands the started work's `Handle` (a transfer's task, say) to the code that stops it, exactly once.
///
/// ```swift
/// let latch = CancellationLatch<Transfer>()
/// let started = latch.start { engine.begin(request) }   // false: cancelled first, nothing begun
/// // in the task's cancellation handler:
/// latch.cancel { transfer in transfer.stop() }
/// ```
public final class CancellationLatch<Handle: Sendable>: Sendable {
    private enum Phase {
        case new
        case started(Handle)
        case cancelled
    }

    private let phase = LockedValue(Phase.new)

    /// Creates a latch whose work has neither started nor been cancelled.
    public init() {}

    /// Runs `start`, which begins the work and returns its handle, unless ``cancel(then:)`` came first.
    /// `start` runs under the latch's lock, so a concurrent cancellation waits until it returned.
    /// - Returns: Whether `start` ran.
    public func start(_ start: () -> Handle) -> Bool {
        phase.withLock { phase in
            guard case .new = phase else { return false }
            phase = .started(start())
            return true
        }
    }

    /// Marks the work cancelled and, the first time, if it had started, runs `stop` with its handle (outside
    /// the lock). Work not yet started never starts.
    public func cancel(then stop: (Handle) -> Void) {
        let handle = phase.withLock { phase -> Handle? in
            defer { phase = .cancelled }
            guard case .started(let handle) = phase else { return nil }
            return handle
        }
        if let handle { stop(handle) }
    }
}
