import Foundation
import HTTPClient

/// The stored `GET` a `HEAD` describes (RFC 9111, 4.3.5): it may answer the `HEAD` with its headers, and a `HEAD`
/// response updates or invalidates it.
struct StoredGET: Sendable {
    /// Where entries are kept.
    let store: any HTTPCacheStore
    /// The freshness defaults for updated entries.
    let policy: HTTPCachePolicy

    /// The key of the `GET` that `request` (a `HEAD`) describes.
    static func key(of request: any HTTPRequest) -> HTTPCacheKey {
        HTTPCacheKey(method: .get, resource: HTTPCacheKey.resource(of: request), query: request.queryParameter)
    }

    /// The stored `GET` variant `request` (a `HEAD`) would be answered by, or `nil`.
    func entry(for request: any HTTPRequest) -> HTTPCacheEntry? {
        store.entry(for: Self.key(of: request)) { CacheRules.matches($0, request) }
    }

    /// Updates the stored `GET` variant `request` (a `HEAD`) selects with the fields of its `200` `response`
    /// when their validators match, and removes the variant when they differ.
    func update(for request: any HTTPRequest, by response: HTTPResponse, requestTime: Date, responseTime: Date) {
        let key = Self.key(of: request)
        guard let stored = store.entry(for: key, where: { CacheRules.matches($0, request) }) else { return }
        guard Self.describes(response, stored) else {
            store.removeEntry(for: key, variant: stored.variant)
            return
        }
        let updated = CacheRules.revalidated(
            stored, by: response, requestTime: requestTime, responseTime: responseTime, policy: policy)
        store.store(updated, for: key)
    }

    /// Whether a `HEAD` `response` describes the same representation as `stored`: it carries an `ETag` or a
    /// `Last-Modified`, each one it carries equals the stored one, and so does its `Content-Length` if it has one.
    static func describes(_ response: HTTPResponse, _ stored: HTTPCacheEntry) -> Bool {
        let headers = response.headers ?? HTTPHeaders()
        let validators = ["ETag", "Last-Modified"].filter { headers.contains($0) }
        guard !validators.isEmpty else { return false }
        return (validators + ["Content-Length"]).allSatisfy { name in
            headers[name].map { $0 == stored.headers[name] } ?? true
        }
    }
}
