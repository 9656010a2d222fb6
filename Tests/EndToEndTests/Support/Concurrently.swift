/// Runs `work` in `count` concurrent child tasks and returns the results in index order.
func concurrently<T: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) async throws -> T) async throws -> [T] {
    try await withThrowingTaskGroup(of: (Int, T).self) { group in
        for index in 0..<count { group.addTask { (index, try await work(index)) } }
        var results: [(Int, T)] = []
        for try await result in group { results.append(result) }
        return results.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
