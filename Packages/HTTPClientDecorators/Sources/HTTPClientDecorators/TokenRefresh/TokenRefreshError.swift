import Foundation

/// Why ``TokenRefreshingHTTPClient`` could not provide a fresh token.
public enum TokenRefreshError: Error, CustomStringConvertible, LocalizedError {
    /// The refresh closure threw `underlying` (or returned an empty value); every request waiting for it fails.
    case refreshFailed(underlying: any Error)
    /// Too many refreshes within the ``TokenRefreshLimit`` window; no refresh was attempted.
    case refreshLimitExceeded

    public var description: String {
        switch self {
        case .refreshFailed(let underlying):
            "Refreshing the access token failed: \(underlying)"
        case .refreshLimitExceeded:
            "The access token was not refreshed: too many refreshes in a short time"
        }
    }

    public var errorDescription: String? { description }
}

/// How many token refreshes ``TokenRefreshingHTTPClient`` allows within a sliding time window.
///
/// Protects the auth server when every refreshed token is rejected at once (a revoked session,
/// a clock skew): the refresh after the limit fails fast with ``TokenRefreshError/refreshLimitExceeded``.
public struct TokenRefreshLimit: Sendable, Equatable {
    /// The most refreshes allowed within ``window``; values below 0 count as 0 (never refresh).
    public var maxRefreshes: Int
    /// The sliding window the refreshes are counted in.
    public var window: Duration

    /// Allows `maxRefreshes` refreshes per `window`.
    public init(maxRefreshes: Int = 3, per window: Duration = .seconds(60)) {
        self.maxRefreshes = maxRefreshes
        self.window = window
    }

    /// Three refreshes per 60 seconds.
    public static let `default` = TokenRefreshLimit()
}
