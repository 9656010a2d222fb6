import Foundation
import HTTPClient

/// Forms the absolute URL of a request: the one rule every client and recorder uses.
///
/// URL: the base URL's path (trailing slashes trimmed), then each non-empty segment of `version` and of
/// `path`, each percent-encoded as plain text, joined by single slashes; a trailing slash on `path` is kept.
/// Query: the base URL's own query (if any), then the request's parameters sorted by name, names and values
/// strictly percent-encoded (only RFC 3986 unreserved characters stay). No parameters, no `?`.
///
/// ```swift
/// let urls = HTTPURLBuilder(baseURL: URL(string: "https://api.example.com/api/")!)
/// try urls.url(for: request)   // https://api.example.com/api/2.3/questions?order=desc&sort=votes
/// ```
public struct HTTPURLBuilder: Sendable {
    /// The URL every request is relative to.
    public let baseURL: URL
    private let base: Base?

    /// The parts of the base URL that every request reuses.
    private struct Base: Sendable {
        /// The resolved base URL, fragment dropped.
        let components: URLComponents
        /// `scheme://authority`, when a request's URL can be that plus path and query; `nil` otherwise.
        let prefix: String?
        /// The percent-encoded path, as is and with trailing slashes trimmed.
        let path: String
        let trimmedPath: String
        /// The percent-encoded query, if any.
        let query: String?

        /// Bytes to reserve for a URL before the request's own parts.
        var capacityHint: Int { (prefix?.utf8.count ?? 0) + path.utf8.count + (query?.utf8.count ?? 0) + 64 }
    }

    /// Takes `baseURL` apart once, for every request built afterwards.
    public init(baseURL: URL) {
        self.baseURL = baseURL
        base = URLComponents(url: baseURL, resolvingAgainstBaseURL: true).map(Self.base(of:))
    }

    /// The request's absolute URL.
    ///
    /// For a base with a host, the URL is one string (`scheme://authority` + path + query) parsed once;
    /// any other base goes through `URLComponents`, which gives the same URLs.
    /// - Throws: `HTTPTransportError.invalidURL(_:)` when no URL can be formed.
    public func url(for request: any HTTPRequest) throws(HTTPTransportError) -> URL {
        guard let base, let prefix = base.prefix else { return try urlWithComponents(for: request) }
        let version = request.version
        let path = request.path
        var url: [UInt8] = []
        url.reserveCapacity(base.capacityHint + 3 * (version.utf8.count + path.utf8.count))
        url.append(contentsOf: prefix.utf8)
        if URLPath.hasSegments(version) || URLPath.hasSegments(path) {
            url.append(contentsOf: base.trimmedPath.utf8)
            URLPath.appendSegments(of: version, to: &url)
            URLPath.appendSegments(of: path, to: &url)
            if URLPath.hasTrailingSlash(path) { url.append(UInt8(ascii: "/")) }
        } else {
            url.append(contentsOf: (base.path.isEmpty ? "/" : base.path).utf8)
        }
        URLQuery.append(base: base.query, parameters: request.queryParameter, to: &url)
        guard let parsed = URL(string: String(decoding: url, as: UTF8.self)) else {
            return try urlWithComponents(for: request)
        }
        return parsed
    }

    /// The request's absolute URL, built with `URLComponents` from the base URL's components.
    func urlWithComponents(for request: any HTTPRequest) throws(HTTPTransportError) -> URL {
        guard var components = base?.components else {
            throw .invalidURL("\(baseURL.absoluteString) is not a valid base URL")
        }
        components.percentEncodedPath = Self.path(
            base: components.percentEncodedPath, version: request.version, path: request.path)
        components.percentEncodedQuery = Self.query(
            base: components.percentEncodedQuery, parameters: request.queryParameter ?? [:])
        guard let url = components.url else {
            throw .invalidURL("\(baseURL.absoluteString) + version \"\(request.version)\" + path \"\(request.path)\"")
        }
        return url
    }

    static func path(base: String, version: HTTPVersion, path: HTTPPath) -> String {
        guard URLPath.hasSegments(version) || URLPath.hasSegments(path) else { return base.isEmpty ? "/" : base }
        var joined = Array(URLPath.trimmingTrailingSlashes(base).utf8)
        URLPath.appendSegments(of: version, to: &joined)
        URLPath.appendSegments(of: path, to: &joined)
        if URLPath.hasTrailingSlash(path) { joined.append(UInt8(ascii: "/")) }
        return String(decoding: joined, as: UTF8.self)
    }

    static func query(base: String?, parameters: HTTPQueryParameter) -> String? {
        var query: [UInt8] = []
        URLQuery.append(base: base, parameters: parameters, to: &query)
        return query.isEmpty ? nil : String(decoding: query.dropFirst(), as: UTF8.self)  // without the "?"
    }

    /// Takes `components` apart; `prefix` only when the base has a scheme and a host, and `prefix` + path +
    /// query parses back to the URL that `URLComponents` forms.
    private static func base(of components: URLComponents) -> Base {
        var components = components
        components.fragment = nil
        let path = components.percentEncodedPath
        let query = components.percentEncodedQuery
        var authority = components
        authority.percentEncodedPath = ""
        authority.percentEncodedQuery = nil
        var prefix = authority.string
        if components.scheme == nil || components.percentEncodedHost == nil
            || URL(string: (prefix ?? "") + path + (query.map { "?" + $0 } ?? ""))?.absoluteString
                != components.url?.absoluteString
        {
            prefix = nil
        }
        return Base(
            components: components, prefix: prefix, path: path, trimmedPath: URLPath.trimmingTrailingSlashes(path),
            query: query)
    }
}
