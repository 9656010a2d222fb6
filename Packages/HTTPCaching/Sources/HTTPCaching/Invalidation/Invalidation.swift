import Foundation
import HTTPClient

/// Invalidation by unsafe requests (RFC 9111, 4.4), and the `POST` answer kept for a later `GET` (RFC 9110,
/// 9.3.3).
struct Invalidation: Sendable {
    /// Where entries are kept.
    let store: any HTTPCacheStore
    /// The base URL references are resolved against, the credential rule and the freshness defaults.
    let policy: HTTPCachePolicy
    /// The current date.
    let now: @Sendable () -> Date

    /// Removes the entries an unsafe `request` invalidates when its `response` is a success (2xx or 3xx): those
    /// of its path and of the same-origin paths the response names in `Location` and `Content-Location`. A safe
    /// method (`OPTIONS`, `TRACE`) invalidates nothing; a method whose safety is unknown counts as unsafe.
    /// - Returns: Whether it was such a success.
    func invalidate(after request: any HTTPRequest, key: HTTPCacheKey, response: HTTPResponse) -> Bool {
        guard !request.method.isSafe, (200..<400).contains(response.statusCode) else { return false }
        store.removeEntries(forResource: key.resource)
        for name in ["Location", "Content-Location"] {
            guard let reference = response.headers?[name],
                let resource = ResourceReference.resource(named: reference, by: request, baseURL: policy.baseURL)
            else { continue }
            store.removeEntries(forResource: resource)
        }
        return true
    }

    /// Stores the answer to a `POST` as the `GET` entry of its URL when RFC 9110, 9.3.3 makes it reusable for a
    /// later `GET`: it has explicit freshness (`max-age` or `Expires`) and a `Content-Location` that names the
    /// request's own URL (path and query), and the cache rules would store it. Not when the request carries a
    /// credential the policy does not store, or says `no-store`.
    func storePOSTAnswer(_ response: HTTPResponse, to request: any HTTPRequest, data: Data, requestTime: Date) {
        let headers = response.headers ?? HTTPHeaders()
        let responseTime = now()
        guard request.method == .post, !policy.withholdsCredential(request),
            !RequestDirectives(request.headers).noStore,
            let location = headers["Content-Location"],
            ResourceReference.names(location, urlOf: request, baseURL: policy.baseURL),
            CacheRules.explicitLifetime(headers, CacheControl(headers["Cache-Control"]), responseTime: responseTime)
                != nil,
            let entry = CacheRules.entry(
                for: request, data: data, response: response, requestTime: requestTime, responseTime: responseTime,
                policy: policy)
        else { return }
        store.store(entry, for: StoredGET.key(of: request))
    }
}
