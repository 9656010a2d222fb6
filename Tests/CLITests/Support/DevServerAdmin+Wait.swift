import HTTPClientTestSupport

extension DevServerAdmin {
    /// Returns once the counter `key` reached `count`: the server has seen the request. Polls a bounded number
    /// of times (the dev server has no long-poll route to wait on).
    func waitUntil(_ key: String, reaches count: Int) async throws {
        for _ in 0..<400 {
            if try await self.count(key) >= count { return }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw CounterNotReached(key: key, count: count)
    }
}

/// A counter stayed below the count a test waited for.
struct CounterNotReached: Error {
    let key: String
    let count: Int
}
