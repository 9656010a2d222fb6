import HTTPClient

/// What replay compares: method, path segments (percent-decoded, empty ones dropped) and the query items
/// as a sorted multiset (percent-decoded). Headers, scheme, host and port are not part of it.
struct ReplayKey: Hashable, Sendable {
    let method: String
    let segments: [String]
    let query: [QueryItem]

    struct QueryItem: Hashable, Comparable, Sendable {
        let name: String
        let value: String

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.name, lhs.value) < (rhs.name, rhs.value) }
    }

    /// The key of a request: `version` and `path` segments as written (they are plain text, not encoded).
    init(_ request: any HTTPRequest) {
        method = request.method.name.uppercased()
        segments = (request.version.split(separator: "/") + request.path.split(separator: "/")).map(String.init)
        query = (request.queryParameter ?? [:]).map { QueryItem(name: $0.key, value: $0.value) }.sorted()
    }

    /// The key of a recorded `method` and absolute (or relative) `url`.
    init(method: String, url: String) {
        self.method = method.uppercased()
        let parts = URLParts(url)
        segments = parts.path.split(separator: "/").map { Self.decoded($0) }
        query = parts.query.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(name: Self.decoded(pair[0]), value: pair.count > 1 ? Self.decoded(pair[1]) : "")
        }.sorted()
    }

    /// Whether a recorded request with key `recorded` answers this one: same method, same query multiset
    /// (a recorded value `[redacted]` stands for any value of its name), and this path equal to the recorded
    /// one or to its end after a `/`.
    func isAnswered(by recorded: ReplayKey) -> Bool {
        guard method == recorded.method, Self.queryItems(query, areAnsweredBy: recorded.query) else { return false }
        guard !segments.isEmpty else { return recorded.segments.isEmpty }
        return recorded.segments.count >= segments.count && recorded.segments.suffix(segments.count) == segments[...]
    }

    /// Whether `recorded` holds the same items as `items`, counting a redacted value as any value of its name.
    private static func queryItems(_ items: [QueryItem], areAnsweredBy recorded: [QueryItem]) -> Bool {
        guard items != recorded else { return true }
        guard items.count == recorded.count else { return false }
        var unmatched = items
        var redactedNames: [String] = []
        for item in recorded {
            if item.value == HARRecorder.redactedValue {
                redactedNames.append(item.name)
            } else if let index = unmatched.firstIndex(of: item) {
                unmatched.remove(at: index)
            } else {
                return false
            }
        }
        return unmatched.map(\.name).sorted() == redactedNames.sorted()
    }

    /// `METHOD /segments?query`, decoded, for finding the nearest recorded request.
    var summary: String {
        let path = "/" + segments.joined(separator: "/")
        let items = query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return "\(method) \(path)\(items.isEmpty ? "" : "?" + items)"
    }

    private static func decoded(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}

/// The path and query of a URL string, taken apart by hand: archives from other tools hold URLs that
/// `URL(string:)` refuses (spaces, `|`, raw non-ASCII).
struct URLParts {
    let path: Substring
    let query: Substring

    init(_ url: String) {
        var rest = url[...]
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        // A `://` after the first `/` or `?` is in the path or query of a relative URL, not after a scheme.
        if let scheme = rest.range(of: "://"), !rest[..<scheme.lowerBound].contains(where: { $0 == "/" || $0 == "?" }) {
            let afterAuthority = rest[scheme.upperBound...]
            rest = afterAuthority.firstIndex { $0 == "/" || $0 == "?" }.map { afterAuthority[$0...] } ?? ""
        }
        if let mark = rest.firstIndex(of: "?") {
            path = rest[..<mark]
            query = rest[rest.index(after: mark)...]
        } else {
            path = rest
            query = ""
        }
    }
}
