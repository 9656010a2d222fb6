import HTTPClient

/// What identifies a stored answer: method, version, path and query, the query in any order.
///
/// The request headers a response names in `Vary` are compared separately, through
/// ``HTTPCacheEntry/variant``: one key holds several variants (see ``HTTPCacheStore``).
public struct HTTPCacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The whole key as one string, for example `GET 2.3/questions?page=1&site=stackoverflow`.
    public let rawValue: String
    /// The version and path alone, for example `2.3/questions`: what a successful unsafe request invalidates.
    public let resource: String

    /// Creates a key from its parts, as a store reads it back.
    public init(rawValue: String, resource: String) {
        self.rawValue = rawValue
        self.resource = resource
    }

    /// The key of `request`; query items are sorted by name, so their order never matters.
    public init(request: any HTTPRequest) {
        self.init(method: request.method, resource: Self.resource(of: request), query: request.queryParameter)
    }

    /// The key of `method` on `resource` with `query`.
    init(method: HTTPMethod, resource: String, query: HTTPQueryParameter?) {
        var raw = method.name + " " + resource
        if let query, !query.isEmpty {
            raw += "?"
            raw += query.sorted { $0.key < $1.key }
                .map { Self.escaped($0.key) + "=" + Self.escaped($0.value) }
                .joined(separator: "&")
        }
        self.init(rawValue: raw, resource: resource)
    }

    /// The version and path of `request`, for example `2.3/questions`: their non-empty segments joined by `/`,
    /// plus the path's trailing slash, so requests that send the same URL (`HTTPURLBuilder`) share a resource.
    public static func resource(of request: any HTTPRequest) -> String {
        let segments = request.version.split(separator: "/") + request.path.split(separator: "/")
        let resource = segments.joined(separator: "/")
        return !segments.isEmpty && request.path.hasSuffix("/") ? resource + "/" : resource
    }

    /// The same as ``rawValue``.
    public var description: String { rawValue }

    /// `text` with the key's separators escaped, so `a=b&c` as a value never reads as two items.
    private static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "%" || $0 == "&" || $0 == "=" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "%": result += "%25"
            case "&": result += "%26"
            case "=": result += "%3D"
            default: result.append(character)
            }
        }
        return result
    }
}
