import HTTPClient
import HTTPClientSupport

/// A thread-safe list that test closures append to, for counting calls or capturing log lines.
///
/// `append` is synchronous, so it works from both synchronous and `async` closures.
public final class RecordedValues<Value: Sendable>: Sendable {
    private let storage = LockedValue<[Value]>([])

    /// Creates an empty list.
    public init() {}

    /// Appends `value`.
    public func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    /// Everything appended so far, in order.
    public var values: [Value] { storage.withLock { $0 } }

    /// The number of values appended so far.
    public var count: Int { storage.withLock { $0.count } }
}
