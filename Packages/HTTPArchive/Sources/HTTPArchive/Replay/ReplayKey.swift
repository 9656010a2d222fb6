import Foundation
import HTTPClient

/// What replay compares: method, path segments (percent-decoded, empty ones dropped), the query items as a
/// sorted multiset (percent-decoded, ignored names left out) and, when the rule compares bodies, the body.
/// Headers, scheme, host and port are not part of it.
struct ReplayKey: Hashable, Sendable {
    let method: String
    let segments: [String]
    let query: [QueryItem]
    /// The body compared, or `nil` when there is none or the rule compares no body.
    let body: ReplayBody?

    struct QueryItem: Hashable, Comparable, Sendable {
        let name: String
        let value: String

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.name, lhs.value) < (rhs.name, rhs.value) }
    }

    /// The key of a request sent with `body`: `version` and `path` segments as written (they are plain text, not
    /// encoded).
    init(_ request: any HTTPRequest, body: Data?, matching: HARReplayMatching = HARReplayMatching()) {
        method = request.method.name.uppercased()
        segments = (request.version.split(separator: "/") + request.path.split(separator: "/")).map(String.init)
        query = (request.queryParameter ?? [:]).map { QueryItem(name: $0.key, value: $0.value) }
            .filter { !matching.ignoredQueryItems.contains($0.name) }.sorted()
        self.body = matching.comparesBodies ? body.flatMap { $0.isEmpty ? nil : .bytes($0) } : nil
    }

    /// The key of a recorded request.
    init(_ recorded: HARRequest, matching: HARReplayMatching = HARReplayMatching()) {
        method = recorded.method.uppercased()
        let parts = URLParts(recorded.url)
        segments = parts.path.split(separator: "/").map { Self.decoded($0) }
        query = parts.query.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(name: Self.decoded(pair[0]), value: pair.count > 1 ? Self.decoded(pair[1]) : "")
        }.filter { !matching.ignoredQueryItems.contains($0.name) }.sorted()
        body = matching.comparesBodies ? recorded.postData.flatMap(ReplayBody.init(recorded:)) : nil
    }

    /// Whether a recorded request with key `recorded` answers this one: same method, same query multiset
    /// (a recorded value `[redacted]` stands for any value of its name), this path equal to the recorded
    /// one or to its end after a `/`, and this body (if any) answered by the recorded one.
    func isAnswered(by recorded: ReplayKey) -> Bool {
        method == recorded.method && pathIsAnswered(by: recorded)
            && Self.queryItems(query, areAnsweredBy: recorded.query) && ReplayBody.answers(body, with: recorded.body)
    }

    /// Whether this path equals the recorded one or its end after a `/`.
    func pathIsAnswered(by recorded: ReplayKey) -> Bool {
        guard !segments.isEmpty else { return recorded.segments.isEmpty }
        return recorded.segments.count >= segments.count && recorded.segments.suffix(segments.count) == segments[...]
    }

    /// Whether `recorded` holds the same items as `items`, counting a redacted value as any value of its name.
    static func queryItems(_ items: [QueryItem], areAnsweredBy recorded: [QueryItem]) -> Bool {
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

    /// `/segments`, decoded.
    var path: String { "/" + segments.joined(separator: "/") }

    /// `METHOD /segments?query`, decoded, for finding the nearest recorded request.
    var summary: String {
        let items = query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return "\(method) \(path)\(items.isEmpty ? "" : "?" + items)"
    }

    private static func decoded(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}
