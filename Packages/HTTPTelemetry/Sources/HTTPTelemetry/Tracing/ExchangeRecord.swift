import Foundation
import HTTPClient
import HTTPClientSupport

/// One load's running span and what it heard, behind one lock: the span each followed redirect ends and
/// replaces, the transport's last measurement, the sources of the answer and, for a stream, the response head.
///
/// The observers it binds (an `HTTPExchangeObserver`, an `HTTPAnswerSourceObserver` and an
/// `HTTPRedirectObserver`) also pass what they hear on to the observers already in place; the redirect observer
/// adds its fields on top of those of the observer already in place.
struct ExchangeRecord: Sendable {
    private struct Heard: Sendable {
        var span: AttemptSpan
        var metrics: HTTPExchangeMetrics?
        var sources: [HTTPAnswerSource] = []
        var head: HTTPResponse?
    }

    private let heard: LockedValue<Heard>

    /// A record whose running span is `first`.
    init(first: AttemptSpan) {
        heard = LockedValue(Heard(span: first))
    }

    /// The running span, the last measurement heard (if any) and the sources the layers below reported,
    /// innermost first, read together.
    var current: (span: AttemptSpan, metrics: HTTPExchangeMetrics?, sources: [HTTPAnswerSource]) {
        heard.withLock { ($0.span, $0.metrics, $0.sources) }
    }

    /// The response head a stream's receiver was handed, if any.
    var head: HTTPResponse? { heard.withLock { $0.head } }

    /// Keeps `response` as the stream's response head.
    func keep(head response: HTTPResponse) {
        heard.withLock { $0.head = response }
    }

    /// Replaces the running span with `next(span)` and returns the span it ended and the one that runs now.
    func advance(_ next: (AttemptSpan) -> AttemptSpan) -> (ended: AttemptSpan, next: AttemptSpan) {
        heard.withLock { heard in
            let ended = heard.span
            heard.span = next(ended)
            return (ended, heard.span)
        }
    }

    /// Runs `body` in `context` with observers that keep what the transport and the layers below report, and
    /// that hand each followed redirect to `redirected` for the next request's fields.
    func observing<Result>(
        in context: TraceContext, redirected: @escaping @Sendable (HTTPRedirectHop) -> HTTPHeaders,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let outer = HTTPExchangeObserver.current
        let observer = HTTPExchangeObserver { [heard] metrics in
            heard.withLock { $0.metrics = metrics }
            outer?.observe(metrics)
        }
        let outerSources = HTTPAnswerSourceObserver.current
        let sourceObserver = HTTPAnswerSourceObserver { [heard] source in
            heard.withLock { $0.sources.append(source) }
            outerSources?.observe(source)
        }
        let outerRedirects = HTTPRedirectObserver.current
        let redirectObserver = HTTPRedirectObserver { hop in
            (outerRedirects?.fields(after: hop) ?? [:]).merging(redirected(hop))
        }
        return try await TraceContext.$current.withValue(context) {
            try await HTTPExchangeObserver.$current.withValue(observer) {
                try await HTTPAnswerSourceObserver.$current.withValue(sourceObserver) {
                    try await HTTPRedirectObserver.$current.withValue(redirectObserver) { try await body() }
                }
            }
        }
    }
}
