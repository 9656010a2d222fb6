/// What a screen shows at one moment.
public enum ViewState<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The value is being loaded.
    case loading
    /// The value arrived.
    case loaded(Value)
    /// Loading failed; `message` says what happened and what to do about it.
    case failed(message: String)
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
                        continuation.yield(.failed(message: FailureMessage.text(failure, error)))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
