import Foundation
import HTTPClient
import HTTPClientSupport

/// The transport's measurement of one attempt and the sources of its answer, heard through an
/// `HTTPExchangeObserver` and an `HTTPAnswerSourceObserver` that also pass them on to the observers already in
/// place; the redirects the transport follows go to an `HTTPRedirectObserver` that adds its fields on top of
/// those of the observer already in place.
struct ExchangeRecord: Sendable {
    private let last = LockedValue<HTTPExchangeMetrics?>(nil)
    private let heardSources = LockedValue<[HTTPAnswerSource]>([])
    private let redirected: @Sendable (HTTPRedirectHop) -> HTTPHeaders

    /// A record whose redirect observer hands each followed redirect to `redirected` for the next request's
    /// fields.
    init(redirected: @escaping @Sendable (HTTPRedirectHop) -> HTTPHeaders) {
        self.redirected = redirected
    }

    /// The last measurement heard, if any.
    var metrics: HTTPExchangeMetrics? { last.withLock { $0 } }

    /// The sources the layers below reported, innermost first.
    var sources: [HTTPAnswerSource] { heardSources.withLock { $0 } }

    /// Runs `body` in `context` with observers that keep what the transport and the layers below report, and
    /// that hand each followed redirect to the record's `redirected`.
    func observing<Result>(
        in context: TraceContext, _ body: () async throws -> Result
    ) async throws -> Result {
        let outer = HTTPExchangeObserver.current
        let observer = HTTPExchangeObserver { [last] metrics in
            last.withLock { $0 = metrics }
            outer?.observe(metrics)
        }
        let outerSources = HTTPAnswerSourceObserver.current
        let sourceObserver = HTTPAnswerSourceObserver { [heardSources] source in
            heardSources.withLock { $0.append(source) }
            outerSources?.observe(source)
        }
        let outerRedirects = HTTPRedirectObserver.current
        let redirectObserver = HTTPRedirectObserver { [redirected] hop in
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
