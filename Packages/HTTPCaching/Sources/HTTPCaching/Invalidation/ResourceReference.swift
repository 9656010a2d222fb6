import Foundation
import HTTPClient
import HTTPClientSupport

/// What a `Location` or `Content-Location` reference names, resolved against the URL of the request it answers.
enum ResourceReference {
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
