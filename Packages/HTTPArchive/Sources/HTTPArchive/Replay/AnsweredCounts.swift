import HTTPClientSupport

/// How many times each request has been answered, shared by copies of one client.
final class AnsweredCounts: Sendable {
    private let counts = LockedValue<[ReplayKey: Int]>([:])

    /// The index of the match to answer with now: the next in order, the last one repeating.
    func next(for key: ReplayKey, count: Int) -> Int {
        counts.withLock { counts in
            let answeredSoFar = counts[key, default: 0]
            counts[key] = answeredSoFar + 1
            return min(answeredSoFar, count - 1)
        }
    }
}
