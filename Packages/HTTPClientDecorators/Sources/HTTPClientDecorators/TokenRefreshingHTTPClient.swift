import Foundation
import HTTPClient

/// Signs requests with an `Authorization` value it keeps, and refreshes that value once when a request gets `401`.
///
/// Semantics:
/// - The value lives in an actor. The first request reads it from `accessToken()`; if that throws (no token
///   configured yet), the decorator refreshes instead, and that counts as a refresh.
/// - A `401`, returned or thrown as `HTTPError.httpCode(statusCode:data:)`, triggers one refresh and one
///   retry of that request. The retry's outcome is final: a second `401` is returned (or rethrown) as is.
/// - Single flight: requests rejected with the same token share one refresh; a request rejected with a token
///   older than the current one just retries with the current one; requests that start during a refresh
///   wait for it. A caller cancelled while waiting gets `CancellationError`; the refresh goes on for the rest.
/// - A failed refresh fails every request waiting for it with ``TokenRefreshError/refreshFailed(underlying:)``.
/// - More refreshes than ``TokenRefreshLimit`` allows fail fast with ``TokenRefreshError/refreshLimitExceeded``.
public struct TokenRefreshingHTTPClient: HTTPClient {
    let client: any HTTPClient
    private let session: TokenSession

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client that sends the signed requests.
    ///   - accessToken: Returns the stored `Authorization` value (for example `"Bearer abc"`); read once, on first use.
    ///   - refreshAccessToken: Obtains a new `Authorization` value; never called twice at once.
    ///   - refreshLimit: How many refreshes are allowed per time window.
    ///   - now: The clock that the refresh limit is measured with.
    public init(
        client: any HTTPClient,
        accessToken: @escaping @Sendable () async throws -> String,
        refreshAccessToken: @escaping @Sendable () async throws -> String,
        refreshLimit: TokenRefreshLimit = .default,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.init(
            client: client, accessToken: accessToken, refreshAccessToken: refreshAccessToken,
            refreshLimit: refreshLimit, now: now, onWait: { _ in })
    }

    /// The full initializer; `onWait` runs whenever a request starts waiting for a token fetch (a test seam).
    init(
        client: any HTTPClient,
        accessToken: @escaping @Sendable () async throws -> String,
        refreshAccessToken: @escaping @Sendable () async throws -> String,
        refreshLimit: TokenRefreshLimit,
        now: @escaping @Sendable () -> ContinuousClock.Instant,
        onWait: @escaping @Sendable (TokenSession.Fetch) -> Void
    ) {
        self.client = client
        session = TokenSession(
            accessToken: accessToken, refreshAccessToken: refreshAccessToken, limit: refreshLimit, now: now,
            onWait: onWait)
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let token = try await session.token()
        do {
            let (data, response) = try await send(request, with: token)
            guard response.statusCode == 401 else { return (data, response) }
        } catch HTTPError.httpCode(statusCode: 401, _) {
            // Rejected: refresh below.
        }
        let fresh = try await session.token(replacing: token)
        return try await send(request, with: fresh)
    }

    private func send(_ request: any HTTPRequest, with token: TokenSession.Token) async throws -> (Data, HTTPResponse) {
        try await client.load(request: request.settingHeader("Authorization", to: token.value))
    }
}

extension HTTPClient {
    /// Signs requests and, on `401`, refreshes the token once (shared by all concurrent requests) and retries
    /// once; see ``TokenRefreshingHTTPClient`` for the exact rules. Allows 3 refreshes per 60 seconds.
    /// - Parameters:
    ///   - accessToken: Returns the stored `Authorization` value, for example `"Bearer abc"`.
    ///   - refreshAccessToken: Obtains and returns a new `Authorization` value.
    public func authenticated(
        accessToken: @escaping @Sendable () async throws -> String,
        refreshAccessToken: @escaping @Sendable () async throws -> String
    ) -> any HTTPClient {
        TokenRefreshingHTTPClient(client: self, accessToken: accessToken, refreshAccessToken: refreshAccessToken)
    }

    /// Like ``authenticated(accessToken:refreshAccessToken:)``, with a custom refresh limit.
    public func authenticated(
        accessToken: @escaping @Sendable () async throws -> String,
        refreshAccessToken: @escaping @Sendable () async throws -> String,
        refreshLimit: TokenRefreshLimit
    ) -> any HTTPClient {
        TokenRefreshingHTTPClient(
            client: self, accessToken: accessToken, refreshAccessToken: refreshAccessToken, refreshLimit: refreshLimit)
    }
}
