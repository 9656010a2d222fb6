import Foundation
import HTTPClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns an `HTTPRequest` into the `URLRequest` that ``URLSessionClient`` sends.
///
/// URL: the base URL's path (trailing slashes trimmed), then each non-empty segment of `version`
/// and of `path`, each percent-encoded as plain text, joined by single slashes; a trailing slash
/// on `path` is kept. Query: the base URL's own query (if any), then the request's parameters
/// sorted by name, names and values strictly percent-encoded. No parameters, no `?`.
struct URLRequestBuilder: Sendable {
    /// The URL every request is relative to.
    let baseURL: URL

    /// The complete request: URL, method, headers (caller's spelling) and body (an empty body is none).
    /// - Throws: ``HTTPTransportError/invalidURL(_:)`` when no URL can be formed, and
    ///   ``HTTPTransportError/other(underlying:)`` for a GET with a body, which URLSession refuses to send.
    func makeURLRequest(for request: any HTTPRequest) throws(HTTPTransportError) -> URLRequest {
        let body = request.body.flatMap { $0.isEmpty ? nil : $0 }
        if request.method == .get, body != nil {
            throw .other(underlying: Self.getWithBodyMessage)
        }
        var urlRequest = URLRequest(url: try makeURL(for: request))
        urlRequest.httpMethod = request.method.name
        for (name, value) in request.headers ?? HTTPHeaders() {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = body
        return urlRequest
    }

    /// The request's absolute URL.
    func makeURL(for request: any HTTPRequest) throws(HTTPTransportError) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw .invalidURL("\(baseURL.absoluteString) is not a valid base URL")
        }
        components.percentEncodedPath = Self.path(
            base: components.percentEncodedPath, version: request.version, path: request.path)
        components.percentEncodedQuery = Self.query(
            base: components.percentEncodedQuery, parameters: request.queryParameter ?? [:])
        components.fragment = nil
        guard let url = components.url else {
            throw .invalidURL("\(baseURL.absoluteString) + version \"\(request.version)\" + path \"\(request.path)\"")
        }
        return url
    }

    static let getWithBodyMessage =
        "URLSession cannot send a GET request with a body; send it with POST or put the data in the query"

    static func path(base: String, version: HTTPVersion, path: HTTPPath) -> String {
        let segments = (version.split(separator: "/") + path.split(separator: "/"))
            .map { PercentEncoding.pathSegment(String($0)) }
        guard !segments.isEmpty else { return base.isEmpty ? "/" : base }
        var joined = base
        while joined.hasSuffix("/") { joined.removeLast() }
        joined += "/" + segments.joined(separator: "/")
        if path.hasSuffix("/") { joined += "/" }
        return joined
    }

    static func query(base: String?, parameters: HTTPQueryParameter) -> String? {
        let items = parameters.sorted { $0.key < $1.key }.map { name, value in
            PercentEncoding.queryComponent(name) + "=" + PercentEncoding.queryComponent(value)
        }
        let all = [base].compactMap { $0 }.filter { !$0.isEmpty } + items
        return all.isEmpty ? nil : all.joined(separator: "&")
    }
}
