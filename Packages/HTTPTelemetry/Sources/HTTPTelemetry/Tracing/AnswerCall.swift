import HTTPClient
import HTTPClientSupport

/// One call through an ``AnswerSourceTracingHTTPClient``: the load observer of the layers beneath, which keeps the
/// attempt spans that end beneath it (an ``AnswerScope``) and the sources reported, and passes every report on to
/// the load observer it replaced.
struct AnswerCall: HTTPLoadObserver {
    /// Where the attempt spans that end beneath the call are kept.
    let scope = AnswerScope()
    private let heardSources = LockedValue<[HTTPAnswerSource]>([])
    /// The load observer in place when the call started.
    private let outer: (any HTTPLoadObserver)?

    /// A call beneath the current task's observation.
    init() {
        outer = HTTPLoadObservation.current.loadObserver
    }

    /// Runs `body` with this call as the load observer.
    func running<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await observing { try await body() }
    }

    /// Closes the scope: the attempt spans kept, in the order they ended, and the sources heard, innermost first.
    func end() -> (attempts: [PendingSpan], sources: [HTTPAnswerSource]) {
        (scope.close(), heardSources.withLock { $0 })
    }

    func observe(_ metrics: HTTPExchangeMetrics) {
        outer?.observe(metrics)
    }

    func observe(_ source: HTTPAnswerSource) {
        heardSources.withLock { $0.append(source) }
        outer?.observe(source)
    }

    func fields(after hop: HTTPRedirectHop) -> HTTPHeaders {
        outer?.fields(after: hop) ?? [:]
    }
}
