import Foundation
import HTTPClient

/// A private HTTP cache (RFC 9111) in front of another client, for `GET` and `HEAD`.
///
/// - A fresh entry answers at once, with `Age` and `X-Cache: hit`; nothing is sent.
/// - A stale entry (or one marked `no-cache`) is revalidated with `If-None-Match` / `If-Modified-Since`;
///   a `304` answers the stored body with the stored status and the merged headers, `X-Cache: revalidated`.
/// - When the origin fails (a transport error or a 5xx), an entry within its `stale-if-error` allowance answers
///   with `X-Cache: stale`, unless it said `must-revalidate` or `no-cache`. Every other answer is the origin's
///   own, with `X-Cache: miss`.
/// - A successful `POST`, `PUT`, `PATCH` or `DELETE` removes the entries of its path.
/// - Requests carrying `Authorization` (unless ``HTTPCachePolicy/storesAuthorizedResponses``), `no-store`,
///   or their own validators pass straight through.
///
/// See ``HTTPCachePolicy`` for the modes, and the *Caching Responses* article for the whole rule set.
public struct CachingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let store: any HTTPCacheStore
    let policy: HTTPCachePolicy
    private let now: @Sendable () -> Date

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client that sends what the cache cannot answer.
    ///   - store: Where entries are kept.
    ///   - policy: The mode and the freshness defaults.
    ///   - now: The current date; ages and freshness are measured with it.
    public init(
        client: any HTTPClient, store: any HTTPCacheStore, policy: HTTPCachePolicy = HTTPCachePolicy(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.store = store
        self.policy = policy
        self.now = now
    }

    /// Answers `request` from the store where the rules allow, else from the origin (storing what may be stored).
    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let key = HTTPCacheKey(request: request)
        guard request.method == .get || request.method == .head else {
            return try await loadUnsafe(request, key: key)
        }
        let directives = CacheControl(request.headers?["Cache-Control"])
        if passesThrough(request, directives) {
            guard policy.mode != .offline else {
                throw HTTPCacheError.notCached(method: request.method, resource: key.resource)
            }
            return Self.marked(try await client.load(request: request), .miss)
        }
        let stored = store.entry(for: key) { CacheRules.matches($0, request) }
        switch policy.mode {
        case .offline:
            guard let stored else { throw HTTPCacheError.notCached(method: request.method, resource: key.resource) }
            let date = now()
            return Self.answer(stored, stored.isFresh(at: date) ? .hit : .stale, at: date)
        case .reload:
            return try await fetch(request, key: key, stored: nil)
        case .normal:
            let date = now()
            if let stored, stored.isFresh(at: date), !Self.demandsValidation(directives, age: stored.age(at: date)) {
                return Self.answer(stored, .hit, at: date)
            }
            return try await fetch(request, key: key, stored: stored)
        }
    }

    /// Asks the origin, conditionally when `stored` has validators, and stores or revalidates what comes back.
    private func fetch(_ request: any HTTPRequest, key: HTTPCacheKey, stored: HTTPCacheEntry?) async throws
        -> (Data, HTTPResponse)
    {
        let validators = stored.map(Self.validators(of:)) ?? HTTPHeaders()
        let sent: any HTTPRequest = validators.isEmpty ? request : request.settingHeaders(validators)
        let requestTime = now()
        let data: Data
        let response: HTTPResponse
        do {
            (data, response) = try await client.load(request: sent)
        } catch {
            if !HTTPTransportError.isCancellation(error), let stale = standIn(stored) { return stale }
            throw error
        }
        let responseTime = now()
        if response.statusCode == 304, !validators.isEmpty, let stored {
            let updated = CacheRules.revalidated(
                stored, by: response, requestTime: requestTime, responseTime: responseTime, policy: policy)
            store.store(updated, for: key)
            return Self.answer(updated, .revalidated, at: responseTime)
        }
        if response.isServerError, let stale = standIn(stored) { return stale }
        if let entry = CacheRules.entry(
            for: request, data: data, response: response, requestTime: requestTime, responseTime: responseTime,
            policy: policy)
        {
            store.store(entry, for: key)
        } else if let stored, !response.isServerError {
            store.removeEntry(for: key, variant: stored.variant)
        }
        return Self.marked((data, response), .miss)
    }

    /// `POST`, `PUT`, `PATCH`, `DELETE` (and anything else unsafe): sent as they are; success invalidates the path.
    private func loadUnsafe(_ request: any HTTPRequest, key: HTTPCacheKey) async throws -> (Data, HTTPResponse) {
        guard policy.mode != .offline else {
            throw HTTPCacheError.offlineUnsafeRequest(method: request.method, resource: key.resource)
        }
        let (data, response) = try await client.load(request: request)
        if request.method != .options, (200..<400).contains(response.statusCode) {
            store.removeEntries(forResource: key.resource)
        }
        return Self.marked((data, response), .miss)
    }

    /// The stale answer that may stand in for a failed origin, or `nil`.
    private func standIn(_ stored: HTTPCacheEntry?) -> (Data, HTTPResponse)? {
        guard let stored else { return nil }
        let date = now()
        let directives = CacheControl(stored.headers["Cache-Control"])
        // RFC 9111, 4.2.4: never a stale answer where the response forbids it.
        guard !directives.has("must-revalidate"), !directives.has("no-cache") else { return nil }
        let allowance = directives.seconds("stale-if-error") ?? policy.staleIfError.seconds
        guard stored.age(at: date) - stored.freshnessLifetime <= allowance else { return nil }
        return Self.answer(stored, .stale, at: date)
    }

    /// Whether the request skips the cache: a credential the policy does not store, `no-store`, or its own
    /// validators (the caller is revalidating something it holds).
    private func passesThrough(_ request: any HTTPRequest, _ directives: CacheControl) -> Bool {
        guard let headers = request.headers, !headers.isEmpty else { return false }
        if headers.contains("Authorization"), !policy.storesAuthorizedResponses { return true }
        return directives.has("no-store") || headers.contains("If-None-Match") || headers.contains("If-Modified-Since")
    }

    /// Whether the request's own `Cache-Control` refuses an answer of `age` seconds without asking the origin
    /// (`no-cache`, or an age beyond its `max-age`).
    private static func demandsValidation(_ directives: CacheControl, age: TimeInterval) -> Bool {
        if directives.has("no-cache") { return true }
        guard let maxAge = directives.seconds("max-age") else { return false }
        return age > maxAge
    }

    /// `If-None-Match` from the entry's `ETag`, `If-Modified-Since` from its `Last-Modified`.
    private static func validators(of entry: HTTPCacheEntry) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if let etag = entry.headers["ETag"] { headers["If-None-Match"] = etag }
        if let lastModified = entry.headers["Last-Modified"] { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    private static func answer(_ entry: HTTPCacheEntry, _ outcome: HTTPCacheOutcome, at date: Date)
        -> (Data, HTTPResponse)
    {
        var headers = entry.headers
        headers["Age"] = String(Int(min(max(0, entry.age(at: date)), CacheControl.greatestDeltaSeconds)))
        headers[HTTPCacheOutcome.headerName] = outcome.rawValue
        return (entry.body, HTTPResponse(statusCode: entry.statusCode, headers: headers))
    }

    private static func marked(_ answer: (Data, HTTPResponse), _ outcome: HTTPCacheOutcome) -> (Data, HTTPResponse) {
        var headers = answer.1.headers ?? HTTPHeaders()
        headers[HTTPCacheOutcome.headerName] = outcome.rawValue
        return (answer.0, HTTPResponse(statusCode: answer.1.statusCode, headers: headers))
    }
}

extension HTTPClient {
    /// Answers `GET` and `HEAD` from `store` where RFC 9111 allows, revalidating stale entries; see
    /// ``CachingHTTPClient``.
    public func caching(in store: any HTTPCacheStore, policy: HTTPCachePolicy = HTTPCachePolicy()) -> any HTTPClient {
        CachingHTTPClient(client: self, store: store, policy: policy)
    }
}
