import Foundation

/// How ``CachingHTTPClient`` uses its store.
///
/// ```swift
/// let client = transport.caching(in: store, policy: HTTPCachePolicy(defaultFreshness: .seconds(60)))
/// ```
public struct HTTPCachePolicy: Sendable {
    /// Whether the cache may use the network, and whether it may answer from the store.
    public enum Mode: Sendable, Hashable {
        /// Fresh entries answer at once, stale ones are revalidated, everything storable is stored.
        case normal
        /// Every request goes to the origin without validators; what comes back is stored.
        case reload
        /// Nothing goes to the origin: a stored entry answers, fresh or stale, or the load throws
        /// ``HTTPCacheError/notCached(method:resource:)``.
        case offline
    }

    /// Whether the cache may use the network, and whether it may answer from the store.
    public var mode: Mode
    /// How long a response stays fresh when it states no freshness (no `max-age`, no `Expires`) and
    /// forbids nothing (no `no-store`, no unqualified `no-cache`); `nil` leaves such responses to
    /// ``heuristicFreshness``, else stores them only when they carry a validator, to be revalidated on every use.
    public var defaultFreshness: Duration?
    /// How long past its freshness a stored answer may stand in when the origin fails (a transport error
    /// or a 5xx), unless the request's own `stale-if-error`, or else the response's, says otherwise.
    public var staleIfError: Duration
    /// Whether responses to requests carrying `Authorization` are stored (and answered from the store).
    /// Off by default: such requests pass straight through.
    public var storesAuthorizedResponses: Bool
    /// The base URL the requests are relative to, if known: it lets a successful unsafe request invalidate the
    /// paths its response names in `Location` or `Content-Location` with an absolute URL of the same origin.
    /// `nil` by default: only relative references are followed then.
    public var baseURL: URL?
    /// The fraction of the time since `Last-Modified` that a response stating no freshness stays fresh
    /// (RFC 9111, 4.2.2), as browsers and `URLCache` do: 0.1 by default, so a page last changed ten hours before
    /// it was sent stays fresh for one hour. `nil` turns the heuristic off.
    ///
    /// It applies only when ``defaultFreshness`` is `nil`, to a status cacheable by default (200, 203, 204, 300,
    /// 301, 308, 404, 405, 410, 414, 501) or a response marked `public`, without `max-age` or `Expires`, whose
    /// `Last-Modified` is earlier than its `Date` (or than its arrival, without `Date`). The lifetime is at most
    /// ``heuristicFreshnessLimit``.
    public var heuristicFreshness: Double? = 0.1
    /// The longest freshness ``heuristicFreshness`` gives: one day by default. A resource unchanged for years
    /// may still change tomorrow, and its origin said nothing about how long it stays valid, so the guess is
    /// bounded to keep an unannounced change from being hidden for long.
    public var heuristicFreshnessLimit: Duration = .seconds(86_400)

    /// Creates a policy.
    /// - Parameters:
    ///   - mode: ``Mode/normal`` by default.
    ///   - defaultFreshness: The freshness of responses that state none; `nil` by default.
    ///   - staleIfError: How stale an answer may be to stand in for a failed origin; one day by default.
    ///   - storesAuthorizedResponses: Whether to cache requests carrying `Authorization`; `false` by default.
    public init(
        mode: Mode = .normal, defaultFreshness: Duration? = nil,
        staleIfError: Duration = .seconds(86_400), storesAuthorizedResponses: Bool = false
    ) {
        self.mode = mode
        self.defaultFreshness = defaultFreshness
        self.staleIfError = staleIfError
        self.storesAuthorizedResponses = storesAuthorizedResponses
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
