import HTTPClient

/// Which redirects a transport follows; a redirect it does not follow is returned as the 3xx response.
///
/// Whatever the policy, a redirect from `https` to `http` is never followed, and a redirect to another
/// origin (scheme, host or port) is sent without `Authorization`, `Proxy-Authorization` and `Cookie`.
public enum RedirectPolicy: Hashable, Sendable {
    /// Follows up to `max` redirects in a row; one more, or a redirect back to a URL already visited,
    /// throws `HTTPTransportError.tooManyRedirects(underlying:)`. A negative `max` counts as 0.
    case follow(max: Int)
    /// Follows redirects within the original request's scheme, host and port (up to 10); a redirect to
    /// another origin is returned as the 3xx response.
    case sameOrigin
    /// Follows no redirect: every 3xx response is returned as it is.
    case never

    /// The client's default: ``follow(max:)`` with 10, as most HTTP clients do.
    public static let standard = RedirectPolicy.follow(max: 10)

    /// How many redirects in a row this policy follows at most.
    public var limit: Int {
        switch self {
        case .follow(let count): Swift.max(count, 0)
        case .sameOrigin: 10
        case .never: 0
        }
    }
}
