import HTTPClient
import HTTPClientSupport

/// How ``CachingHTTPClient`` produced an answer, as it reports in the answer's `X-Cache` header.
public enum HTTPCacheOutcome: String, Sendable, CaseIterable {
    /// A fresh stored answer; nothing was sent.
    case hit
    /// A stored answer the origin confirmed with a `304 Not Modified`.
    case revalidated
    /// A stored answer past its freshness: standing in for a failed origin, accepted by the request's
    /// `max-stale`, given within the response's `stale-while-revalidate` window, or given in offline mode.
    case stale
    /// The origin's own answer.
    case miss

    /// The header every answer of ``CachingHTTPClient`` carries: `X-Cache`.
    public static let headerName = "X-Cache"

    /// The outcome `response` reports in its `X-Cache` header, or `nil` when it came through no cache.
    public init?(_ response: HTTPResponse) {
        guard let value = response.headers?[Self.headerName] else { return nil }
        self.init(rawValue: value)
    }

    /// The outcome as `HTTPAnswerSource` names it, for tracing.
    var cacheResult: HTTPAnswerSource.CacheResult {
        switch self {
        case .hit: .hit
        case .revalidated: .revalidated
        case .stale: .stale
        case .miss: .miss
        }
    }

    /// Tells the current task's observers (`HTTPLoadObservation.current`) the outcome `response` reports, if it
    /// reports one.
    static func report(_ response: HTTPResponse) {
        guard let outcome = HTTPCacheOutcome(response) else { return }
        HTTPLoadObservation.current.observe(.cache(outcome.cacheResult))
    }
}
