import Synchronization

/// A running count of bytes handed to a reader, for progress reports.
final class ReceivedBytes: Sendable {
    private let total = Atomic<Int64>(0)

    /// Adds `count` and returns the new total.
    func add(_ count: Int) -> Int64 {
        total.wrappingAdd(Int64(count), ordering: .relaxed).newValue
    }
}
