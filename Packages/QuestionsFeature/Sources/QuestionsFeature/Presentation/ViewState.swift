/// What a screen shows at one moment.
///
/// Two failed states are equal when their messages are: the error is kept for whoever needs more than the
/// text (an exit status, say), not compared.
public enum ViewState<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The value is being loaded.
    case loading
    /// The value arrived.
    case loaded(Value)
    /// Loading failed; `message` says what happened and what to do about it, `error` is what was thrown
    /// (`nil` for a state made without one, in a preview or a test).
    case failed(message: String, error: (any Error)? = nil)

    /// Whether two states show the same thing; failed states compare their messages, not their errors.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.loading, .loading): true
        case (.loaded(let left), .loaded(let right)): left == right
        case (.failed(let left, _), .failed(let right, _)): left == right
        default: false
        }
    }
}

extension ViewState {
    /// A stream that yields ``loading`` at once, then `.loaded` or `.failed` when `work` ends, then finishes.
    ///
    /// Ending the iteration early cancels `work`; a cancelled load yields nothing more.
    static func stream(failure: String, work: @escaping @Sendable () async throws -> Value) -> AsyncStream<Self> {
        AsyncStream { continuation in
            continuation.yield(.loading)
            let task = Task {
                do {
                    continuation.yield(.loaded(try await work()))
                } catch {
                    if !Task.isCancelled {
                        continuation.yield(.failed(message: FailureMessage.text(failure, error), error: error))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
