import Foundation
import HTTPClient

/// Signs requests with an `Authorization` value it keeps, and refreshes that value once when a request gets `401`.
///
/// Semantics:
/// - The value lives in an actor. The first request reads it from `stored()`; if that throws (no token
///   configured yet), the decorator refreshes instead, and that counts as a refresh.
/// - A `401`, returned or thrown as `HTTPError.httpCode(statusCode:data:)`, triggers one refresh and one
///   retry of that request. The retry's outcome is final: a second `401` is returned (or rethrown) as is.
/// - Single flight: requests rejected with the same token share one refresh; a request rejected with a token
///   older than the current one just retries with the current one; requests that start during a refresh
///   wait for it. A caller cancelled while waiting gets `CancellationError`; the refresh goes on for the rest.
/// - A failed refresh fails every request waiting for it with ``TokenRefreshError/refreshFailed(underlying:)``.
/// - More refreshes than ``TokenRefreshLimit`` allows fail fast with ``TokenRefreshError/refreshLimitExceeded``.
/// - Streaming decides on the response head: a rejected answer's body is left unread, a request whose body is
///   single-pass is sent once, and no answer is resent once it reached `receive`.
public struct TokenRefreshingHTTPClient: HTTPClient {
    let client: any HTTPClient
    private let session: TokenSession

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client that sends the signed requests.
    ///   - stored: Returns the stored `Authorization` value (for example `"Bearer abc"`); read once, on first use.
    ///   - refresh: Obtains a new `Authorization` value; never called twice at once.
    ///   - limit: How many refreshes are allowed per time window.
    ///   - clock: The clock that the refresh limit is measured with.
    public init(
        client: any HTTPClient,
        stored: @escaping @Sendable () async throws -> String,
        refresh: @escaping @Sendable () async throws -> String,
        limit: TokenRefreshLimit = .default,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(client: client, stored: stored, refresh: refresh, limit: limit, clock: clock, onWait: { _ in })
    }

    /// The full initializer; `onWait` runs whenever a request starts waiting for a token fetch (a test seam).
    init(
        client: any HTTPClient,
        stored: @escaping @Sendable () async throws -> String,
        refresh: @escaping @Sendable () async throws -> String,
        limit: TokenRefreshLimit,
        clock: any Clock<Duration>,
        onWait: @escaping @Sendable (TokenSession.Fetch) -> Void
    ) {
        self.client = client
        session = TokenSession(
            accessToken: stored, refreshAccessToken: refresh, limit: limit, time: ClockTime(clock), onWait: onWait)
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let token = try await session.token()
        let loaded = await LoadOutcome { try await send(request, with: token) }
        guard loaded.outcome.statusCode == 401 else { return try loaded.get() }
        let fresh = try await session.token(replacing: token)
        return try await send(request, with: fresh)
    }

    /// Streams with the rules of ``load(request:)``, deciding on the response head (or on a `401` thrown before
    /// it): the rejected answer goes back unread, and the request is sent again with the fresh token. A request
    /// whose `body` is single-pass is sent once, and its first answer goes to the caller; so is any answer that
    /// reached `receive`. Progress counts never go back across the two attempts.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let token = try await session.token()
        let signed = request.settingHeader("Authorization", to: token.value)
        guard body?.isReplayable ?? true else {
            return try await client.stream(request: signed, body: body, progress: progress, receive: receive)
        }
        let relay = progress.map(AttemptProgress.init)
        let first = try await StreamAttempt.run(
            signed, body: body, through: client, progress: relay,
            discarding: { $0.statusCode == 401 ? token : nil }, receive: receive)
        switch first {
        case .delivered(let result):
            return result
        case .discarded(let rejected):
            let fresh = try await session.token(replacing: rejected)
            let resigned = request.settingHeader("Authorization", to: fresh.value)
            return try await client.stream(request: resigned, body: body, progress: relay?.nextAttempt()) {
                response, responseBody in
                relay?.deliver()
                return try await receive(response, responseBody)
            }
        }
    }

    private func send(_ request: any HTTPRequest, with token: TokenSession.Token) async throws -> (Data, HTTPResponse) {
        try await client.load(request: request.settingHeader("Authorization", to: token.value))
    }
}

extension HTTPClient {
    /// Signs requests and, on `401`, refreshes the token once (shared by all concurrent requests) and retries
    /// once; see ``TokenRefreshingHTTPClient`` for the exact rules.
    /// - Parameters:
    ///   - stored: Returns the stored `Authorization` value, for example `"Bearer abc"`; read once, on first use.
    ///   - refresh: Obtains and returns a new `Authorization` value.
    ///   - limit: How many refreshes are allowed per time window; 3 per 60 seconds by default.
    ///   - clock: The clock that the refresh limit is measured with.
    public func refreshingAccessToken(
        stored: @escaping @Sendable () async throws -> String,
        refresh: @escaping @Sendable () async throws -> String,
        limit: TokenRefreshLimit = .default,
        clock: any Clock<Duration> = ContinuousClock()
    ) -> any HTTPClient {
        TokenRefreshingHTTPClient(client: self, stored: stored, refresh: refresh, limit: limit, clock: clock)
    }
}
