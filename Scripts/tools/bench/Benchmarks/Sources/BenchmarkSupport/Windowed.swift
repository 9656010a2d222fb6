/// Runs `total` operations with at most `inFlight` at once, starting a new one as soon as one ends.
///
/// - Parameter operation: Receives the operation's index (0..<total) and returns a value to collect.
/// - Returns: Every operation's value, in completion order.
public func runWindowed<Value: Sendable>(
    total: Int, inFlight: Int, _ operation: @escaping @Sendable (Int) async -> Value
) async -> [Value] {
    await withTaskGroup(of: Value.self) { group in
        var values: [Value] = []
        values.reserveCapacity(total)
        var next = 0
        while next < min(total, max(1, inFlight)) {
            let index = next
            group.addTask { await operation(index) }
            next += 1
        }
        while let value = await group.next() {
            values.append(value)
            if next < total {
                let index = next
                group.addTask { await operation(index) }
                next += 1
            }
        }
        return values
    }
}
