/// Hears the ``HTTPAnswerSource`` of each answer a cache or a replaying client gives in the current task.
///
/// The layer reports through ``HTTPLoadObservation/current``, once per answer it gives, before it returns the answer (for a
/// streamed answer, before it hands over the head). A layer below a decorator reports within that decorator's call, so
/// a tracing decorator that sets an observer around its inner call hears what the layers beneath it did.
///
/// ```swift
/// let observer = HTTPAnswerSourceObserver { source in sources.append(source) }
/// try await observer.observing { try await client.load(request: request) }
/// ```
public struct HTTPAnswerSourceObserver: Sendable {
    private let handler: @Sendable (HTTPAnswerSource) -> Void

    /// An observer that hands each source to `handler`.
    public init(_ handler: @escaping @Sendable (HTTPAnswerSource) -> Void) {
        self.handler = handler
    }

    /// Hands `source` to the handler.
    public func observe(_ source: HTTPAnswerSource) {
        handler(source)
    }

    /// Runs `operation` with this observer hearing its answers' sources, in place of the answer-source observer in
    /// ``HTTPLoadObservation/current``.
    @discardableResult
    public func observing<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        var observation = HTTPLoadObservation.current
        observation.answerSources = self
        return try await observation.bound(isolation: isolation, operation)
    }
}
