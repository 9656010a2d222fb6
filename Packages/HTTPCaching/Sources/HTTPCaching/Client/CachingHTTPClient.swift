import Foundation
import HTTPClient
import HTTPClientSupport

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
    /// The answer's outcome also goes to `HTTPLoadObservation.current` as `HTTPAnswerSource.cache`.
    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let answer = try await answer(to: request)
        HTTPCacheOutcome.report(answer.1)
        return answer
    }

    /// The answer ``load(request:)`` gives, before its outcome is reported.
    func answer(to request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let key = HTTPCacheKey(request: request)
        guard request.method == .get || request.method == .head else {
            return try await loadUnsafe(request, key: key)
        }
        let directives = RequestDirectives(request.headers)
        if policy.passesThrough(request) {
            if let answer = conditionalAnswer.answer(to: request, key: key, directives: directives) { return answer }
            guard policy.mode != .offline else {
                throw HTTPCacheError.notCached(method: request.method, resource: key.resource)
            }
            guard !directives.onlyIfCached else { return CachedAnswer.gatewayTimeout }
            return CachedAnswer.marked(try await client.load(request: request), .miss)
        }
        let stored = store.entry(for: key) { CacheRules.matches($0, request) }
        let date = now()
        switch policy.mode {
        case .offline:
            if let stored { return RangedAnswer.ranged(CachedAnswer.answer(stored, at: date), for: request) }
            guard request.method == .head, let entry = storedGET.entry(for: request) else {
                throw HTTPCacheError.notCached(method: request.method, resource: key.resource)
            }
            return CachedAnswer.answer(entry, at: date, includingBody: false)
        case .reload:
            guard !directives.onlyIfCached else { return CachedAnswer.gatewayTimeout }
            return try await origin.fetch(request, key: key, stored: nil, directives: directives)
        case .normal:
            if let stored, directives.accepts(stored, at: date) {
                return RangedAnswer.ranged(CachedAnswer.answer(stored, at: date), for: request)
            }
            if let stale = backgroundRevalidation.answer(
                request, key: key, stored: stored, directives: directives, at: date)
            {
                return RangedAnswer.ranged(stale, for: request)
            }
            if request.method == .head, let entry = storedGET.entry(for: request), directives.accepts(entry, at: date) {
                return CachedAnswer.answer(entry, at: date, includingBody: false)
            }
            guard !directives.onlyIfCached else { return CachedAnswer.gatewayTimeout }
            if stored == nil, let part = partCompletion.part(for: request, key: key) {
                return try await partCompletion.complete(part, for: request, key: key, directives: directives)
            }
            return try await origin.fetch(request, key: key, stored: stored, directives: directives)
        }
    }

    /// Any method but `GET` and `HEAD`: sent as it is. A success to an unsafe one (every method but `OPTIONS`
    /// and `TRACE`, a method `HTTPMethod` does not know included) invalidates
    /// (`Invalidation/invalidate(after:key:response:)`), then a `POST` answer that names its own URL may be
    /// stored for `GET` (`Invalidation/storePOSTAnswer(_:to:data:requestTime:)`).
    private func loadUnsafe(_ request: any HTTPRequest, key: HTTPCacheKey) async throws -> (Data, HTTPResponse) {
        guard policy.mode != .offline else {
            throw HTTPCacheError.offlineUnsafeRequest(method: request.method, resource: key.resource)
        }
        let requestTime = now()
        let (data, response) = try await client.load(request: request)
        if invalidation.invalidate(after: request, key: key, response: response) {
            invalidation.storePOSTAnswer(response, to: request, data: data, requestTime: requestTime)
        }
        return CachedAnswer.marked((data, response), .miss)
    }

    /// Returns once every background revalidation running when it is called has ended.
    func backgroundRevalidationsFinished() async {
        await revalidations.finished()
    }
}

/// The parts the client delegates to, each built over the same client, store, policy and clock.
extension CachingHTTPClient {
    /// Asks the origin and updates the store.
    var origin: ConditionalFetch { ConditionalFetch(client: client, store: store, policy: policy, now: now) }
    /// Asks the origin for streamed answers and tees them into the store.
    var streamingOrigin: StreamingFetch { StreamingFetch(client: client, store: store, policy: policy, now: now) }
    /// Answers stale within `stale-while-revalidate` and revalidates in the background.
    var backgroundRevalidation: BackgroundRevalidation {
        BackgroundRevalidation(origin: origin, revalidations: revalidations)
    }
    /// Answers the caller's own conditional requests from the store.
    var conditionalAnswer: StoredConditionalAnswer { StoredConditionalAnswer(store: store, policy: policy, now: now) }
    /// Completes stored parts.
    var partCompletion: PartCompletion { PartCompletion(origin: origin) }
    /// Removes what unsafe requests invalidate.
    var invalidation: Invalidation { Invalidation(store: store, policy: policy, now: now) }
    /// The stored `GET` entries that answer and are updated by `HEAD` requests.
    var storedGET: StoredGET { StoredGET(store: store, policy: policy) }
}

extension HTTPClient {
    /// Answers `GET` and `HEAD` from `store` where RFC 9111 allows, revalidating stale entries; see
    /// ``CachingHTTPClient``.
    public func caching(in store: any HTTPCacheStore, policy: HTTPCachePolicy = HTTPCachePolicy()) -> any HTTPClient {
        CachingHTTPClient(client: self, store: store, policy: policy)
    }
}
