import HTTPClient

/// The current `Authorization` value of a ``TokenRefreshingHTTPClient``, and the one refresh in flight.
actor TokenSession {
    /// What a fetch does: read the stored token first (falling back to a refresh), or refresh.
    enum Fetch: Sendable {
        case initial
        case refresh
    }

    /// An `Authorization` value and when it was obtained: higher generations are newer.
    struct Token: Sendable, Equatable {
        let value: String
        let generation: Int
    }

    private let accessToken: @Sendable () async throws -> String
    private let refreshAccessToken: @Sendable () async throws -> String
    private let limit: TokenRefreshLimit
    private let time: ClockTime
    private let onWait: @Sendable (Fetch) -> Void
    private var current: Token?
    private var pending: (fetch: SharedTask<Token>, kind: Fetch)?
    private var refreshes: [Duration] = []
    private var generation = 0

    init(
        accessToken: @escaping @Sendable () async throws -> String,
        refreshAccessToken: @escaping @Sendable () async throws -> String,
        limit: TokenRefreshLimit,
        time: ClockTime,
        onWait: @escaping @Sendable (Fetch) -> Void
    ) {
        self.accessToken = accessToken
        self.refreshAccessToken = refreshAccessToken
        self.limit = limit
        self.time = time
        self.onWait = onWait
    }

    /// The token to sign a new request with: the one being fetched if a fetch is in flight,
    /// else the current one, else the first one (from `accessToken()`, or a refresh if that fails).
    func token() async throws -> Token {
        if let pending { return try await join(pending) }
        if let current { return current }
        return try await start(.initial)
    }

    /// The token to retry with after `rejected` got a `401`: a newer one if there is one or one is
    /// being fetched, else a new refresh that every request rejected with the same token shares.
    func token(replacing rejected: Token) async throws -> Token {
        if let pending { return try await join(pending) }
        if let current, current.generation > rejected.generation { return current }
        return try await start(.refresh)
    }

    private func start(_ kind: Fetch) async throws -> Token {
        let fetch = SharedTask(cancelsWhenAbandoned: false) { try await self.perform(kind) }
        pending = (fetch, kind)
        onWait(kind)
        return try await fetch.value(for: fetch.creator)
    }

    private func join(_ pending: (fetch: SharedTask<Token>, kind: Fetch)) async throws -> Token {
        // Fetches are never abandoned (`cancelsWhenAbandoned: false`), so `join()` always admits.
        guard let member = pending.fetch.join() else { throw CancellationError() }
        onWait(pending.kind)
        return try await pending.fetch.value(for: member)
    }

    private func perform(_ kind: Fetch) async throws -> Token {
        defer { pending = nil }
        if kind == .initial, let value = try? await accessToken(), AuthorizationValue.isValid(value) {
            return store(value)
        }
        try recordRefresh()
        let value: String
        do {
            value = try await refreshAccessToken()
        } catch {
            throw TokenRefreshError.refreshFailed(underlying: error)
        }
        guard AuthorizationValue.isValid(value) else {
            throw TokenRefreshError.refreshFailed(underlying: AuthenticatedHTTPClient.Error.invalidAccessToken)
        }
        return store(value)
    }

    private func store(_ value: String) -> Token {
        generation += 1
        let token = Token(value: value, generation: generation)
        current = token
        return token
    }

    private func recordRefresh() throws {
        let instant = time.now()
        refreshes.removeAll { $0 <= instant - limit.window }
        guard refreshes.count < max(0, limit.maxRefreshes) else { throw TokenRefreshError.refreshLimitExceeded }
        refreshes.append(instant)
    }
}
