import Foundation
import HTTPClient

/// One request read from a client, as the `HTTPRequest` the proxy's client sends on to the origin.
///
/// The target's path is percent-decoded into ``path`` (the client encodes it again, segment by segment) and its
/// query split into ``queryParameter``: a name that repeats keeps its last value, and an item without `=` has
/// the value `""`. Header fields keep their order and the client's spelling; fields that repeat a name are joined
/// with `", "`, and the hop-by-hop ones (plus those `Connection` names) are left out (see ``HopByHopFields``).
struct ProxiedRequest: HTTPRequest, Equatable {
    let method: HTTPMethod
    let path: HTTPPath
    let version: HTTPVersion = ""
    let headers: HTTPHeaders?
    let queryParameter: HTTPQueryParameter?
    let body: Data?

    /// The request that `head` and `body` describe.
    /// - Throws: ``ProxyRequestError/badRequest(_:)`` for a method that is no token, and for a target that is
    ///   neither a path nor an `http(s)` URL or whose percent-encoding is broken.
    init(head: RequestHead, body: Data) throws(ProxyRequestError) {
        guard let method = HTTPMethod(rawValue: head.method) else { throw .badRequest("method \(head.method)") }
        let (rawPath, rawQuery) = try Self.split(target: head.target)
        guard let path = rawPath.removingPercentEncoding else { throw .badRequest("path \(rawPath)") }
        self.method = method
        self.path = String(path.drop { $0 == "/" })
        self.queryParameter = try rawQuery.flatMap(Self.parameters(of:))
        self.headers = Self.forwardedHeaders(of: head)
        self.body = body.isEmpty ? nil : body
    }

    /// The percent-encoded path and query of an origin-form (`/a?b`) or absolute-form (`http://h/a?b`) target.
    private static func split(target: String) throws(ProxyRequestError) -> (path: String, query: String?) {
        let withoutFragment = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if withoutFragment.hasPrefix("/") {
            let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
        }
        let lowercased = withoutFragment.lowercased()
        guard lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://"),
            let components = URLComponents(string: String(withoutFragment)), components.host != nil
        else { throw .badRequest("target \(target)") }
        let path = components.percentEncodedPath
        return (path.isEmpty ? "/" : path, components.percentEncodedQuery)
    }

    /// The query's items, percent-decoded; `nil` for an empty query.
    private static func parameters(of query: String) throws(ProxyRequestError) -> HTTPQueryParameter? {
        var parameters: HTTPQueryParameter = [:]
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = pair[0].removingPercentEncoding,
                let value = pair.count > 1 ? pair[1].removingPercentEncoding : ""
            else { throw .badRequest("query item \(item)") }
            parameters[name] = value
        }
        return parameters.isEmpty ? nil : parameters
    }

    /// The fields to send on: repeated names joined, hop-by-hop fields and those `Connection` names left out.
    private static func forwardedHeaders(of head: RequestHead) -> HTTPHeaders? {
        let dropped = HopByHopFields.requestNames.union(head.tokens("Connection"))
        var joined: [(name: String, values: [String])] = []
        var positions: [String: Int] = [:]
        for field in head.fields {
            let key = field.name.lowercased()
            guard !dropped.contains(key) else { continue }
            if let position = positions[key] {
                joined[position].values.append(field.value)
            } else {
                positions[key] = joined.count
                joined.append((field.name, [field.value]))
            }
        }
        guard !joined.isEmpty else { return nil }
        return HTTPHeaders(joined.map { ($0.name, $0.values.joined(separator: ", ")) })
    }
}
