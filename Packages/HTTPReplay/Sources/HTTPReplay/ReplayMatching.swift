import HTTPArchive

/// Which recorded request answers a request: the rule a ``ReplayTrait`` plays back by.
public struct ReplayMatching: Sendable, Equatable {
    /// Names of query items left out of the comparison.
    public private(set) var ignoredQueryItems: Set<String>

    /// Method, path, query items in any order, and the body of requests that have one. Scheme, host and port are
    /// not compared: requests are relative, and an archive may come from any server.
    public static let `default` = ReplayMatching(ignoredQueryItems: [])

    /// This rule, with the query items named `names` left out of the comparison (a nonce, a timestamp).
    public func ignoringQueryItems(_ names: Set<String>) -> ReplayMatching {
        ReplayMatching(ignoredQueryItems: ignoredQueryItems.union(names))
    }

    /// The same rule as the archive's replay client states it.
    var archiveMatching: HARReplayMatching {
        HARReplayMatching(ignoredQueryItems: ignoredQueryItems, comparesBodies: true)
    }
}
