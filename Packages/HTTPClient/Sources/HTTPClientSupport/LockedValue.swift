import Foundation

/// A value guarded by a lock, for state that several tasks or threads share.
///
/// It has the shape of `Synchronization.Mutex` (`withLock` hands the body the value `inout`), but it is
/// built on `NSLock`, a POSIX mutex, which ThreadSanitizer understands; TSan on Linux does not see
/// `Mutex`'s futex and reports races that are not there.
///
/// ```swift
/// let hits = LockedValue(0)
/// hits.withLock { $0 += 1 }
/// ```
public final class LockedValue<Value> {
    private let lock = NSLock()
    private var value: Value

    /// Creates the lock with its first value.
    public init(_ initialValue: Value) {
        value = initialValue
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// Every access to `value` holds `lock`, so sharing the box is safe whenever the value itself may cross tasks.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
