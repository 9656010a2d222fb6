import Foundation
import HTTPClient

/// A private HTTP cache (RFC 9111) in front of another client, for `GET` and `HEAD`.
///
/// - A fresh entry answers at once, with `Age` and `X-Cache: hit`; nothing is sent. A `HEAD` may also be
///   answered by the headers of a fresh `GET` entry.
/// - A `GET` with one byte `Range` that a stored `200` answers gets a `206 Partial Content` with the slice and
///   `Content-Range` (or a `416` when the range starts past the end). A `206` with one `Content-Range` is stored
///   as a part, which answers only a `GET` with the same `Range` or one within the bytes it holds; a `GET`
///   without `Range` asks for the rest of a part that holds the first bytes, combining the two under one strong
///   `ETag`.
/// - A stale entry (or one marked with a bare `no-cache`) is revalidated with `If-None-Match` / `If-Modified-Since`;
///   a `304` answers the stored body with the stored status and the merged headers, `X-Cache: revalidated`.
/// - A stale entry within its response's `stale-while-revalidate` window (unless the response said
///   `must-revalidate` or `no-cache`, or the request limits age or staleness itself) answers at once with
///   `X-Cache: stale`, and one revalidation per entry runs in a detached background task that updates the store;
///   its errors are dropped.
/// - The request's own `Cache-Control` (`max-age`, `max-stale`, `min-fresh`, `no-cache`, `no-store`,
///   `only-if-cached`, or `Pragma: no-cache`) narrows or widens what the store may answer.
/// - When the origin fails (a transport error or a 5xx), an entry within the `stale-if-error` allowance (the
///   request's, else the response's, else the policy's) answers with `X-Cache: stale`, unless it is a 5xx itself
///   or said `must-revalidate` or a bare `no-cache`. Every other answer is the origin's own, with `X-Cache: miss`.
/// - A successful `POST`, `PUT`, `PATCH` or `DELETE` removes the entries of its path and of the same-origin
///   paths its response names in `Location` and `Content-Location`. A `POST` answer with explicit freshness whose
///   `Content-Location` names the request's own URL is then stored for `GET` (RFC 9110, 9.3.3).
/// - A fresh entry whose response said `immutable` answers despite the request's `max-age` (RFC 8246).
/// - A request with its own `If-None-Match` or `If-Modified-Since` (and no other precondition) that an entry
///   answers is answered by the store (RFC 9111, 4.3.2): `304 Not Modified` when its condition is false (the
///   entry's `ETag` matches, or it is not modified since the date), else the whole stored answer.
/// - Requests carrying `Authorization` (unless ``HTTPCachePolicy/storesAuthorizedResponses``), and requests
///   with preconditions the store does not answer, pass straight through.
///
/// See ``HTTPCachePolicy`` for the modes, and the *Caching Responses* article for the whole rule set.
public struct CachingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let store: any HTTPCacheStore
    let policy: HTTPCachePolicy
    let now: @Sendable () -> Date
    /// The background revalidations of `stale-while-revalidate` answers, shared by copies of this client.
    let revalidations = Revalidations()

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
        let directives = RequestDirectives(request.headers)
        if passesThrough(request) {
            if let answer = storedAnswer(toConditional: request, key: key, directives: directives) { return answer }
            guard policy.mode != .offline else {
                throw HTTPCacheError.notCached(method: request.method, resource: key.resource)
            }
            guard !directives.onlyIfCached else { return Self.gatewayTimeout }
            return Self.marked(try await client.load(request: request), .miss)
        }
        let stored = store.entry(for: key) { CacheRules.matches($0, request) }
        let date = now()
        switch policy.mode {
        case .offline:
            if let stored { return Self.ranged(Self.answer(stored, at: date), for: request) }
            guard request.method == .head, let entry = storedGET(for: request) else {
                throw HTTPCacheError.notCached(method: request.method, resource: key.resource)
            }
            return Self.answer(entry, at: date, includingBody: false)
        case .reload:
            guard !directives.onlyIfCached else { return Self.gatewayTimeout }
            return try await fetch(request, key: key, stored: nil, directives: directives)
        case .normal:
            if let stored, directives.accepts(stored, at: date) {
                return Self.ranged(Self.answer(stored, at: date), for: request)
            }
            if let stale = answerWhileRevalidating(
                request, key: key, stored: stored, directives: directives, at: date)
            {
                return Self.ranged(stale, for: request)
            }
            if request.method == .head, let entry = storedGET(for: request), directives.accepts(entry, at: date) {
                return Self.answer(entry, at: date, includingBody: false)
            }
            guard !directives.onlyIfCached else { return Self.gatewayTimeout }
            if stored == nil, let part = completablePart(for: request, key: key) {
                return try await complete(part, for: request, key: key, directives: directives)
            }
            return try await fetch(request, key: key, stored: stored, directives: directives)
        }
    }

    /// Asks the origin, conditionally when `stored` has validators, and stores or revalidates what comes back
    /// (nothing when the request said `no-store`).
    func fetch(
        _ request: any HTTPRequest, key: HTTPCacheKey, stored: HTTPCacheEntry?, directives: RequestDirectives
    ) async throws -> (Data, HTTPResponse) {
        let validators = stored.map(Self.validators(of:)) ?? HTTPHeaders()
        let sent: any HTTPRequest = validators.isEmpty ? request : request.settingHeaders(validators)
        let requestTime = now()
        let data: Data
        let response: HTTPResponse
        do {
            (data, response) = try await client.load(request: sent)
        } catch {
            if !HTTPTransportError.isCancellation(error), let stale = standIn(stored, request, directives) {
                return stale
            }
            throw error
        }
        let responseTime = now()
        if response.statusCode == 304, !validators.isEmpty, let stored {
            let updated = CacheRules.revalidated(
                stored, by: response, requestTime: requestTime, responseTime: responseTime, policy: policy)
            if !directives.noStore { store.store(updated, for: key) }
            let answer = Self.answer(updated, .revalidated, at: responseTime)
            return updated.statusCode == 206 ? Self.ranged(answer, for: request) : answer
        }
        if response.isServerError, let stale = standIn(stored, request, directives) { return stale }
        guard !directives.noStore else { return Self.marked((data, response), .miss) }
        if request.method == .head, response.statusCode == 200 {
            updateStoredGET(for: request, by: response, requestTime: requestTime, responseTime: responseTime)
        }
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

    /// The stale answer that may stand in for a failed origin, or `nil`: a stored answer that is no server error
    /// itself, stale by no more than the request's `stale-if-error`, else the response's, else the policy's
    /// (RFC 5861, 4), and whose response allows stale answers (RFC 9111, 4.2.4).
    private func standIn(_ stored: HTTPCacheEntry?, _ request: any HTTPRequest, _ directives: RequestDirectives)
        -> (Data, HTTPResponse)?
    {
        let date = now()
        guard let stored, mayStandIn(stored, directives, at: date) else { return nil }
        let answer = Self.answer(stored, .stale, at: date)
        return stored.statusCode == 206 ? Self.ranged(answer, for: request) : answer
    }

    /// Whether `stored` may stand in for a failed origin at `date`, as `standIn(_:_:_:)` says.
    func mayStandIn(_ stored: HTTPCacheEntry, _ directives: RequestDirectives, at date: Date) -> Bool {
        guard !(500..<600).contains(stored.statusCode), CacheRules.allowsStaleAnswers(stored) else { return false }
        let allowance =
            directives.staleIfError ?? CacheControl(stored.headers["Cache-Control"]).seconds("stale-if-error")
            ?? policy.staleIfError.seconds
        return stored.age(at: date) - stored.freshnessLifetime <= allowance
    }

    /// Whether the request skips the cache: a credential the policy does not store, or its own preconditions
    /// (the caller is revalidating something it holds) that the store does not answer
    /// (`storedAnswer(toConditional:key:directives:)`). Such a request goes to the origin as it is, and its
    /// answer, a `304` included, comes back untouched and leaves the store alone.
    func passesThrough(_ request: any HTTPRequest) -> Bool {
        guard let headers = request.headers, !headers.isEmpty else { return false }
        if withholdsCredential(request) { return true }
        return Self.preconditionFields.contains { headers.contains($0) }
    }

    /// Whether `request` carries `Authorization` and the policy does not store the answers to such requests.
    func withholdsCredential(_ request: any HTTPRequest) -> Bool {
        request.headers?.contains("Authorization") == true && !policy.storesAuthorizedResponses
    }

    /// The request fields that make a request conditional (RFC 9110, 13.1).
    static let preconditionFields = [
        "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range",
    ]

    /// The answer to a request that said `only-if-cached` when nothing stored may answer: `504 Gateway Timeout`
    /// (RFC 9111, 5.2.1.7).
    static var gatewayTimeout: (Data, HTTPResponse) {
        (Data(), HTTPResponse(statusCode: 504, headers: [HTTPCacheOutcome.headerName: HTTPCacheOutcome.miss.rawValue]))
    }

    /// `If-None-Match` from the entry's `ETag`, `If-Modified-Since` from its `Last-Modified`.
    static func validators(of entry: HTTPCacheEntry) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if let etag = entry.headers["ETag"] { headers["If-None-Match"] = etag }
        if let lastModified = entry.headers["Last-Modified"] { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// `entry` answering from the store at `date`: `hit` when fresh, else `stale`.
    private static func answer(_ entry: HTTPCacheEntry, at date: Date, includingBody: Bool = true)
        -> (Data, HTTPResponse)
    {
        answer(entry, entry.isFresh(at: date) ? .hit : .stale, at: date, includingBody: includingBody)
    }

    /// `entry` as an answer at `date`, with its `Age` and `outcome`; without its body for a `HEAD`.
    static func answer(
        _ entry: HTTPCacheEntry, _ outcome: HTTPCacheOutcome, at date: Date, includingBody: Bool = true
    ) -> (Data, HTTPResponse) {
        var headers = entry.headers
        headers["Age"] = String(Int(min(max(0, entry.age(at: date)), CacheControl.greatestDeltaSeconds)))
        headers[HTTPCacheOutcome.headerName] = outcome.rawValue
        return (includingBody ? entry.body : Data(), HTTPResponse(statusCode: entry.statusCode, headers: headers))
    }

    /// `answer` with `X-Cache: outcome`.
    static func marked(_ answer: (Data, HTTPResponse), _ outcome: HTTPCacheOutcome) -> (Data, HTTPResponse) {
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
