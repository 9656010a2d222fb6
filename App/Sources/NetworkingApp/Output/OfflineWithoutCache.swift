import NetworkingComposition

/// `--offline` was given but the response cache cannot be used. Exit status 1, like an answer that is not
/// cached.
struct OfflineWithoutCache: CategorizedError, CustomStringConvertible {
    let underlying: CacheUnavailable

    var description: String { "--offline cannot answer: \(underlying.description)" }

    var exitStatus: ExitStatus { .networkFailure }

    var recoverySuggestion: String {
        "Run without --offline, or set NETWORKING_CACHE_DIR to a directory that can be created."
    }
}
