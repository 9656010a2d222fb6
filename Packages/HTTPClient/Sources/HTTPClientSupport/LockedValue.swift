import Foundation

/// A value guarded by a lock, for state that several tasks or threads share.
///
/// It has the shape of `Synchronization.Mutex` (`withLock` hands the body the value `inout`), but it is
/// built on a POSIX mutex, which ThreadSanitizer understands; TSan on Linux does not see `Mutex`'s futex and
/// reports races that are not there. Copies share one value and one lock. The value and the mutex live in one
/// heap allocation, so a value made per request stays cheap.
///
/// ```swift
/// let hits = LockedValue(0)
/// hits.withLock { $0 += 1 }
/// ```
public struct LockedValue<Value> {
    /// The value as the buffer's header and the mutex as its one element, whose address never moves.
    @usableFromInline
    final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { mutex in pthread_mutex_destroy(mutex) }
        }
    }

    @usableFromInline
    let storage: Storage

    /// Creates the lock with its first value.
    @inlinable
    public init(_ initialValue: Value) {
        // `create` called on a subclass makes an instance of that subclass.
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in initialValue }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            // A mutex with default attributes in fresh memory: initializing it cannot fail.
            _ = pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (value, mutex) throws(Failure) -> Result in
            // A default mutex fails to lock or unlock only when uninitialized or held by another thread at
            // unlock, which this type never lets happen.
            _ = pthread_mutex_lock(mutex)
            defer { _ = pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}

// Every access to the value holds the mutex, so sharing the storage is safe whenever the value itself may cross
// tasks.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
