import HTTPClientSupport

/// One call through an ``AnswerSourceTracingHTTPClient``: the attempt spans that end beneath it (an
/// ``AnswerScope``) and the sources the layers beneath report, passed on to the observer already in place.
struct AnswerCall: Sendable {
    private let scope = AnswerScope()
    private let heardSources = LockedValue<[HTTPAnswerSource]>([])

    /// Runs `body` with the scope and an answer-source observer set.
    func running<Result>(_ body: () async throws -> Result) async throws -> Result {
        let outer = HTTPAnswerSourceObserver.current
        let observer = HTTPAnswerSourceObserver { [heardSources] source in
            heardSources.withLock { $0.append(source) }
            outer?.observe(source)
        }
        return try await AnswerScope.$current.withValue(scope) {
            try await HTTPAnswerSourceObserver.$current.withValue(observer) { try await body() }
        }
    }

    /// Closes the scope: the attempt spans kept, in the order they ended, and the sources heard, innermost first.
    func end() -> (attempts: [PendingSpan], sources: [HTTPAnswerSource]) {
        (scope.close(), heardSources.withLock { $0 })
    }
}
