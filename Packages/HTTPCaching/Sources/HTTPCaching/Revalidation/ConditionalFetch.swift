import Foundation
import HTTPClient

/// One exchange with the origin for a `GET` or `HEAD` the store cannot answer (RFC 9111, 4.3): conditional when
/// the stored entry has validators, a `304` freshening the entry, a failure answered by a stale stand-in where
/// allowed, and any other answer stored, or removing the entry it replaces when it may not be stored.
struct ConditionalFetch: Sendable {
    /// The client that sends the request.
    let client: any HTTPClient
    /// Where entries are kept.
    let store: any HTTPCacheStore
    /// The freshness defaults and allowances.
    let policy: HTTPCachePolicy
    /// The current date.
    let now: @Sendable () -> Date

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
            let answer = CachedAnswer.answer(updated, .revalidated, at: responseTime)
            return updated.statusCode == 206 ? RangedAnswer.ranged(answer, for: request) : answer
        }
        if response.isServerError, let stale = standIn(stored, request, directives) { return stale }
        guard !directives.noStore else { return CachedAnswer.marked((data, response), .miss) }
        if request.method == .head, response.statusCode == 200 {
            StoredGET(store: store, policy: policy).update(
                for: request, by: response, requestTime: requestTime, responseTime: responseTime)
        }
        if let entry = CacheRules.entry(
            for: request, data: data, response: response, requestTime: requestTime, responseTime: responseTime,
            policy: policy)
        {
            store.store(entry, for: key)
        } else if let stored, !response.isServerError {
            store.removeEntry(for: key, variant: stored.variant)
        }
        return CachedAnswer.marked((data, response), .miss)
    }

    /// `If-None-Match` from the entry's `ETag`, `If-Modified-Since` from its `Last-Modified`.
    static func validators(of entry: HTTPCacheEntry) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if let etag = entry.headers["ETag"] { headers["If-None-Match"] = etag }
        if let lastModified = entry.headers["Last-Modified"] { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// The stale answer that may stand in for a failed origin (`CacheFreshness/mayStandIn(_:_:at:)`), or `nil`.
    private func standIn(_ stored: HTTPCacheEntry?, _ request: any HTTPRequest, _ directives: RequestDirectives)
        -> (Data, HTTPResponse)?
    {
        let date = now()
        guard let stored, CacheFreshness(policy: policy).mayStandIn(stored, directives, at: date) else { return nil }
        let answer = CachedAnswer.answer(stored, .stale, at: date)
        return stored.statusCode == 206 ? RangedAnswer.ranged(answer, for: request) : answer
    }
}
