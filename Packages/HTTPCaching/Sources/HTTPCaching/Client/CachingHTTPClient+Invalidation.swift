import Foundation
import HTTPClient
import HTTPClientSupport

/// Invalidation by unsafe requests (RFC 9111, 4.4).
extension CachingHTTPClient {
    /// Any method but `GET` and `HEAD`: sent as it is. A success (2xx or 3xx) to an unsafe one (every method but
    /// `OPTIONS` and `TRACE`, a method `HTTPMethod` does not know included) removes the entries of the request's
    /// path and of the same-origin paths its response names in `Location` and `Content-Location`; then a `POST`
    /// answer that names its own URL may be stored for `GET` (`storePOSTAnswer(_:to:data:requestTime:)`).
    func loadUnsafe(_ request: any HTTPRequest, key: HTTPCacheKey) async throws -> (Data, HTTPResponse) {
        guard policy.mode != .offline else {
            throw HTTPCacheError.offlineUnsafeRequest(method: request.method, resource: key.resource)
        }
        let requestTime = now()
        let (data, response) = try await client.load(request: request)
        if invalidate(after: request, key: key, response: response) {
            storePOSTAnswer(response, to: request, data: data, requestTime: requestTime)
        }
        return Self.marked((data, response), .miss)
    }

    /// Removes the entries an unsafe `request` invalidates when its `response` is a success (2xx or 3xx): those
    /// of its path and of the same-origin paths the response names in `Location` and `Content-Location`. A method
    /// whose safety is unknown counts as unsafe (RFC 9111, 4.4).
    /// - Returns: Whether it was such a success.
    func invalidate(after request: any HTTPRequest, key: HTTPCacheKey, response: HTTPResponse) -> Bool {
        guard !request.method.isSafe, (200..<400).contains(response.statusCode) else { return false }
        store.removeEntries(forResource: key.resource)
        for name in ["Location", "Content-Location"] {
            guard let reference = response.headers?[name],
                let resource = Self.resource(named: reference, by: request, baseURL: policy.baseURL)
            else { continue }
            store.removeEntries(forResource: resource)
        }
        return true
    }

    /// Stores the answer to a `POST` as the `GET` entry of its URL when RFC 9110, 9.3.3 makes it reusable for a
    /// later `GET`: it has explicit freshness (`max-age` or `Expires`) and a `Content-Location` that names the
    /// request's own URL (path and query), and the cache rules would store it. Not when the request carries a
    /// credential the policy does not store, or says `no-store`.
    private func storePOSTAnswer(
        _ response: HTTPResponse, to request: any HTTPRequest, data: Data, requestTime: Date
    ) {
        let headers = response.headers ?? HTTPHeaders()
        let responseTime = now()
        guard request.method == .post, !withholdsCredential(request), !RequestDirectives(request.headers).noStore,
            let location = headers["Content-Location"],
            Self.names(location, urlOf: request, baseURL: policy.baseURL),
            CacheRules.explicitLifetime(headers, CacheControl(headers["Cache-Control"]), responseTime: responseTime)
                != nil,
            let entry = CacheRules.entry(
                for: request, data: data, response: response, requestTime: requestTime, responseTime: responseTime,
                policy: policy)
        else { return }
        store.store(entry, for: Self.getKey(of: request))
    }

    /// Whether `reference`, resolved against the URL of `request`, is that URL: the same origin, path and query.
    static func names(_ reference: String, urlOf request: any HTTPRequest, baseURL: URL?) -> Bool {
        guard let base = baseURL ?? URL(string: "http://origin.invalid/"),
            let requestURL = try? HTTPURLBuilder(baseURL: base).url(for: request),
            let target = URL(string: reference.trimmingCharacters(in: .whitespaces), relativeTo: requestURL),
            let targetParts = URLComponents(url: target.absoluteURL, resolvingAgainstBaseURL: false),
            let requestParts = URLComponents(url: requestURL, resolvingAgainstBaseURL: false)
        else { return false }
        return origin(of: targetParts) == origin(of: requestParts) && targetParts.path == requestParts.path
            && targetParts.percentEncodedQuery == requestParts.percentEncodedQuery
    }

    /// The resource (see ``HTTPCacheKey/resource``) that `reference` names, resolved against the URL of
    /// `request`; `nil` when it names another origin or a path outside `baseURL`.
    ///
    /// Without a base URL, requests are taken as relative to the root of an origin that no absolute reference
    /// can name, so only relative references count.
    static func resource(named reference: String, by request: any HTTPRequest, baseURL: URL?) -> String? {
        guard let base = baseURL ?? URL(string: "http://origin.invalid/"),
            let requestURL = try? HTTPURLBuilder(baseURL: base).url(for: request),
            let target = URL(string: reference.trimmingCharacters(in: .whitespaces), relativeTo: requestURL),
            let targetParts = URLComponents(url: target.absoluteURL, resolvingAgainstBaseURL: false),
            let requestParts = URLComponents(url: requestURL, resolvingAgainstBaseURL: false),
            let baseParts = URLComponents(url: base, resolvingAgainstBaseURL: true),
            origin(of: targetParts) == origin(of: requestParts)
        else { return nil }
        let baseSegments = baseParts.path.split(separator: "/")
        let segments = targetParts.path.split(separator: "/")
        guard segments.starts(with: baseSegments) else { return nil }
        let resource = segments.dropFirst(baseSegments.count).joined(separator: "/")
        return segments.count > baseSegments.count && targetParts.path.hasSuffix("/") ? resource + "/" : resource
    }

    /// Scheme, host and port, the port defaulted by the scheme, compared without letter case.
    private static func origin(of url: URLComponents) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }
}
