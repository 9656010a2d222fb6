/// The response cache cannot be used: the reason names the path and what is wrong with it.
package struct CacheUnavailable: Error, Equatable, CustomStringConvertible {
    /// What is wrong, as a clause without a final period (`"/tmp/x is not a directory"`).
    package let reason: String

    /// The cache cannot be used for `reason`.
    package init(reason: String) {
        self.reason = reason
    }

    package var description: String { "the cache is unavailable: \(reason)" }
}
