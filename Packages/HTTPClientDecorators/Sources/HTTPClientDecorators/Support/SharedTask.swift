import HTTPClient
import HTTPClientSupport

/// One unstructured task whose result many callers await, each able to stop waiting on its own.
///
/// The creator is already a member (``creator``); other callers ``join()`` (synchronously, so a
/// decorator's actor can decide atomically whether to share), then every member awaits ``value(for:)``.
/// A cancelled caller gets `CancellationError` at once while the others keep waiting. With
/// `cancelsWhenAbandoned`, the task is cancelled once every member left before it finished, and later
/// ``join()`` calls return `nil` so the owner starts a fresh task.
///
/// The operation is released before waiters resume, so nothing it captured outlives the result.
final class SharedTask<Value: Sendable>: Sendable {
    typealias Operation = @Sendable () async throws -> Value
    /// A caller's ticket, returned by ``join()``.
    typealias Member = Int

    private struct State {
        var operation: Operation?
        var task: Task<Void, Never>?
        var result: Result<Value, any Error>?
        var members: Set<Member> = []
        var waiters: [Member: CheckedContinuation<Value, any Error>] = [:]
        var nextMember: Member = 0
        var isAbandoned = false
    }

    /// The member that created the task: joined from the start.
    let creator: Member = 0
    private let cancelsWhenAbandoned: Bool
    private let state: LockedValue<State>

    /// Starts `operation` at once in an unstructured task, with ``creator`` as its first member.
    init(cancelsWhenAbandoned: Bool, operation: @escaping Operation) {
        self.cancelsWhenAbandoned = cancelsWhenAbandoned
        state = LockedValue(State(operation: operation, members: [creator], nextMember: creator + 1))
        let task = Task { [weak self] in
            let result = await Self.run(self?.takeOperation())
            self?.finish(with: result)
        }
        state.withLock { $0.task = task }
    }

    /// Registers a caller, or returns `nil` when the task was abandoned and cancelled.
    func join() -> Member? {
        state.withLock { state in
            guard !state.isAbandoned else { return nil }
            let member = state.nextMember
            state.nextMember += 1
            state.members.insert(member)
            return member
        }
    }

    /// The operation's result; throws `CancellationError` as soon as the calling task is cancelled.
    func value(for member: Member) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let ready: Result<Value, any Error>? = state.withLock { state in
                    if let result = state.result { return result }
                    guard state.members.contains(member) else { return .failure(CancellationError()) }
                    state.waiters[member] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            leave(member)
        }
    }

    private func leave(_ member: Member) {
        let (waiter, abandonedTask) = state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) in
            guard state.members.remove(member) != nil else { return (nil, nil) }
            let waiter = state.waiters.removeValue(forKey: member)
            guard cancelsWhenAbandoned, state.members.isEmpty, state.result == nil else { return (waiter, nil) }
            state.isAbandoned = true
            return (waiter, state.task)
        }
        waiter?.resume(throwing: CancellationError())
        abandonedTask?.cancel()
    }

    private func takeOperation() -> Operation? {
        state.withLock { state in
            defer { state.operation = nil }
            return state.operation
        }
    }

    private func finish(with result: Result<Value, any Error>) {
        let waiters = state.withLock { state in
            state.result = result
            state.task = nil
            state.members = []
            defer { state.waiters = [:] }
            return state.waiters
        }
        for waiter in waiters.values { waiter.resume(with: result) }
    }

    private static func run(_ operation: Operation?) async -> Result<Value, any Error> {
        guard let operation else { return .failure(CancellationError()) }
        do {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }
}
