/// What sets a request apart from a recorded one, each difference as a short phrase for a message:
/// `query page=2 where the archive has page=1`.
enum ReplayDifferences {
    static func between(_ request: ReplayKey, _ recorded: ReplayKey) -> [String] {
        var differences: [String] = []
        if request.method != recorded.method {
            differences.append("method \(request.method) where the archive has \(recorded.method)")
        }
        if !request.pathIsAnswered(by: recorded) {
            differences.append("path \(request.path) where the archive has \(recorded.path)")
        }
        if !ReplayKey.queryItems(request.query, areAnsweredBy: recorded.query) {
            differences += queryDifferences(request.query, recorded.query)
        }
        if let body = request.body, !ReplayBody.answers(body, with: recorded.body) {
            let kept = recorded.body.map { $0.excerpt() } ?? "none"
            differences.append("body \(body.excerpt()) where the archive has \(kept)")
        }
        return differences
    }

    /// One phrase per query name whose values differ, names sorted.
    private static func queryDifferences(
        _ sent: [ReplayKey.QueryItem], _ recorded: [ReplayKey.QueryItem]
    ) -> [String] {
        let names = Set(sent.map(\.name)).union(recorded.map(\.name)).sorted()
        return names.compactMap { name in
            let sentItems = sent.filter { $0.name == name }
            let recordedItems = recorded.filter { $0.name == name }
            guard !ReplayKey.queryItems(sentItems, areAnsweredBy: recordedItems) else { return nil }
            let sentText = sentItems.isEmpty ? "without \(name)" : text(sentItems)
            let recordedText = recordedItems.isEmpty ? "no \(name)" : text(recordedItems)
            return "query \(sentText) where the archive has \(recordedText)"
        }
    }

    private static func text(_ items: [ReplayKey.QueryItem]) -> String {
        items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }
}
