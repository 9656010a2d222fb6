/// A one-shot signal: tasks that `wait()` suspend until someone calls `open()`.
///
/// Lets a test hold a reply "in flight" for exactly as long as it needs, with no sleeping.
public actor Gate {
    private var isOpen = false
    private var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var nextWaiterID = 0

    /// Creates a closed gate.
    public init() {}

    /// Suspends until the gate is open; throws `CancellationError` if the waiting task is cancelled first.
    public func wait() async throws {
        try Task.checkCancellation()
        if isOpen { return }
        let id = nextWaiterID
        nextWaiterID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    /// Opens the gate and resumes every waiter.
    public func open() {
        isOpen = true
        let resumed = waiters.values
        waiters = [:]
        for waiter in resumed { waiter.resume() }
    }

    /// The number of tasks currently waiting.
    public var waiterCount: Int { waiters.count }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}
