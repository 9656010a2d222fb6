/// The response cache cannot be used: the reason names the path and what is wrong with it.
struct CacheUnavailable: Error, Equatable, CustomStringConvertible {
    /// What is wrong, as a clause without a final period (`"/tmp/x is not a directory"`).
    let reason: String

    var description: String { "the cache is unavailable: \(reason)" }
}
