import Foundation

/// A value guarded by a lock, for state that several tasks or threads share.
///
/// It has the shape of `Synchronization.Mutex` (`withLock` hands the body the value `inout`), but it is
/// built on a POSIX mutex, which ThreadSanitizer understands; TSan on Linux does not see `Mutex`'s futex and
/// reports races that are not there. The mutex is the only memory it allocates besides itself (an `NSLock`
/// would be one object more), so a value made per request stays cheap.
///
/// ```swift
/// let hits = LockedValue(0)
/// hits.withLock { $0 += 1 }
/// ```
public final class LockedValue<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates the lock with its first value.
    public init(_ initialValue: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // A mutex with default attributes in fresh memory: initializing it cannot fail.
        _ = pthread_mutex_init(mutex, nil)
        value = initialValue
    }

    deinit {
        _ = pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // A default mutex fails to lock or unlock only when uninitialized or held by another thread at unlock,
        // which this class never lets happen.
        _ = pthread_mutex_lock(mutex)
        defer { _ = pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// Every access to `value` holds `mutex`, so sharing the box is safe whenever the value itself may cross tasks.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
