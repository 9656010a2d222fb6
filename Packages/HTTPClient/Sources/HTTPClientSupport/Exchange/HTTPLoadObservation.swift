import Foundation
import HTTPClient

/// A load's observation: which attempt the current task is making, and who hears what the layers below report
/// (each exchange's measurements, each answer's source, each followed redirect). It travels in one task-local,
/// ``current``.
///
/// A layer that observes sets its observer on a copy of ``current`` and binds the copy around its inner call; a
/// reporter (a transport, a cache, a replaying client) reads ``current`` when a request starts and reports
/// through it, so that every observer in place hears each report.
///
/// ```swift
/// var observation = HTTPLoadObservation.current
/// observation.exchange = HTTPExchangeObserver { metrics in timings.append(metrics) }
/// try await observation.bound { try await client.load(request: request) }
/// ```
public struct HTTPLoadObservation: Sendable {
    /// How many times the request was sent before this attempt: `0` for the first attempt, set by a retrying
    /// decorator around each attempt (a tracing layer writes it as `http.request.resend_count`).
    public var resendCount: Int
    /// Hears each exchange's measurements.
    public var exchange: HTTPExchangeObserver?
    /// Hears each answer's source.
    public var answerSources: HTTPAnswerSourceObserver?
    /// Hears each followed redirect.
    public var redirects: HTTPRedirectObserver?
    /// Hears all three.
    public var loadObserver: (any HTTPLoadObserver)?

    /// The current task's observation: a first attempt that nothing observes, unless a layer above bound one.
    @TaskLocal public static var current = HTTPLoadObservation()

    /// An observation of attempt `resendCount` + 1; each `nil` observer hears nothing.
    public init(
        resendCount: Int = 0, exchange: HTTPExchangeObserver? = nil, answerSources: HTTPAnswerSourceObserver? = nil,
        redirects: HTTPRedirectObserver? = nil, loadObserver: (any HTTPLoadObserver)? = nil
    ) {
        self.resendCount = resendCount
        self.exchange = exchange
        self.answerSources = answerSources
        self.redirects = redirects
        self.loadObserver = loadObserver
    }

    /// Runs `operation` with this observation as ``current``.
    @discardableResult
    public func bound<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await Self.$current.withValue(self, operation: operation, isolation: isolation)
    }

    /// Whether anything hears measurements, so that a transport measures only when someone listens.
    public var hearsExchanges: Bool { exchange != nil || loadObserver != nil }

    /// Whether anything hears followed redirects.
    public var hearsRedirects: Bool { redirects != nil || loadObserver != nil }

    /// Hands `metrics` to the exchange observer and the load observer.
    public func observe(_ metrics: HTTPExchangeMetrics) {
        exchange?.observe(metrics)
        loadObserver?.observe(metrics)
    }

    /// Hands `source` to the answer-source observer and the load observer.
    public func observe(_ source: HTTPAnswerSource) {
        answerSources?.observe(source)
        loadObserver?.observe(source)
    }

    /// Hands `hop` to the redirect observer and then the load observer, and returns the fields both give for
    /// the next request (the load observer's win a name both give), without credential fields.
    public func fields(after hop: HTTPRedirectHop) -> HTTPHeaders {
        let fields = redirects?.fields(after: hop) ?? HTTPHeaders()
        guard let loadObserver else { return fields }
        return fields.merging(RedirectDecision.withoutCredentialFields(loadObserver.fields(after: hop)))
    }
}
