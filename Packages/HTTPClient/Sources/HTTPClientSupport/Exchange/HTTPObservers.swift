import Foundation
import HTTPClient

/// The observers in place when a request starts: what a transport, a cache or a replaying client reports to.
///
/// A reporter reads ``current`` when a request starts and reports through it, so that the single-purpose
/// observers (`HTTPExchangeObserver`, `HTTPAnswerSourceObserver`, `HTTPRedirectObserver`) and the
/// ``HTTPLoadObserver`` bound as ``load`` all hear each report.
///
/// ```swift
/// let observers = HTTPObservers.current
/// // … the exchange ends …
/// if observers.hearsExchanges { observers.observe(metrics) }
/// ```
public struct HTTPObservers: Sendable {
    /// Hears each exchange's measurements.
    public let exchange: HTTPExchangeObserver?
    /// Hears each answer's source.
    public let answerSources: HTTPAnswerSourceObserver?
    /// Hears each followed redirect.
    public let redirects: HTTPRedirectObserver?
    /// Hears all three.
    public let loadObserver: (any HTTPLoadObserver)?

    /// The observer of everything the layers below report about the current task's loads, or `nil` for none.
    @TaskLocal public static var load: (any HTTPLoadObserver)?

    /// A set of observers; each `nil` hears nothing.
    public init(
        exchange: HTTPExchangeObserver? = nil, answerSources: HTTPAnswerSourceObserver? = nil,
        redirects: HTTPRedirectObserver? = nil, loadObserver: (any HTTPLoadObserver)? = nil
    ) {
        self.exchange = exchange
        self.answerSources = answerSources
        self.redirects = redirects
        self.loadObserver = loadObserver
    }

    /// The current task's observers: each single-purpose observer's `current`, and ``load``.
    public static var current: HTTPObservers {
        HTTPObservers(
            exchange: HTTPExchangeObserver.current, answerSources: HTTPAnswerSourceObserver.current,
            redirects: HTTPRedirectObserver.current, loadObserver: load)
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
