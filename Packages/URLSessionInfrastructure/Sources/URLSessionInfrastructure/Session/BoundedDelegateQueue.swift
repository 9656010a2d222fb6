import Foundation
import HTTPClientSupport

/// The delegate queue of a client's session on Linux: runs one operation at a time, like the queue URLSession
/// makes for itself, and makes the thread that adds an operation wait while ``capacity`` operations are already
/// waiting or running, until half of them are done.
///
/// FoundationNetworking hands each piece of a response body to the delegate by adding an operation to this
/// queue from the session's work queue, the thread that drives libcurl, and never waits for it: when the
/// delegate falls behind libcurl, the pieces would pile up in memory inside the queue before a
/// ``ResponseBodyBuffer`` could spill them. Waiting here holds libcurl's thread, so it stops reading the socket
/// until the delegate has room: at most ``capacity`` pieces (of at most 16 KiB each, libcurl's
/// `CURL_MAX_WRITE_SIZE`) wait for the delegate, whatever the delivery rate. Waking the thread only once half
/// are done lets libcurl and the delegate take turns in batches, not one piece at a time. An operation added from one of
/// the queue's own operations never waits, so the delegate cannot wait for itself.
///
/// Swift requires a subclass of `OperationQueue` to restate its `@unchecked Sendable`; every stored property
/// added here is itself `Sendable`.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    private struct State {
        var pending = 0
        /// Set when a thread found ``capacity`` operations pending; cleared when half of them are done.
        var isFull = false
        var waitObserver: (@Sendable () -> Void)?
    }

    /// The most operations waiting or running at once: 64.
    static let standardCapacity = 64

    /// The most operations waiting or running at once.
    let capacity: Int
    /// Held while `state` changes, so a thread waiting for room hears when the queue is no longer full.
    private let room = NSCondition()
    private let state = LockedValue(State())

    init(capacity: Int = standardCapacity) {
        self.capacity = max(1, capacity)
        super.init()
        maxConcurrentOperationCount = 1
        name = "URLSessionClient.delegate"
    }

    /// Tells `observer` each time a thread is about to wait for room, on that thread; for tests. `observer`
    /// must not add operations.
    func observeWaits(_ observer: @escaping @Sendable () -> Void) {
        state.withLock { $0.waitObserver = observer }
    }

    /// Adds `block`, first waiting while the queue is full (``capacity`` operations waiting or running, until
    /// half of them are done), unless called from one of this queue's operations.
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        guard OperationQueue.current !== self else { return super.addOperation(block) }
        takeRoom()
        super.addOperation { [self] in
            block()
            giveBackRoom()
        }
    }

    /// Counts one more operation, first waiting while the queue is full.
    private func takeRoom() {
        room.lock()
        defer { room.unlock() }
        while true {
            let (admitted, observer) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
                if !state.isFull, state.pending < capacity {
                    state.pending += 1
                    return (true, nil)
                }
                state.isFull = true
                return (false, state.waitObserver)
            }
            if admitted { return }
            observer?()
            room.wait()
        }
    }

    /// Counts one operation less; once a full queue is down to half its capacity, wakes the threads waiting.
    private func giveBackRoom() {
        room.lock()
        defer { room.unlock() }
        let drained = state.withLock { state -> Bool in
            state.pending -= 1
            guard state.isFull, state.pending <= capacity / 2 else { return false }
            state.isFull = false
            return true
        }
        if drained { room.broadcast() }
    }
}
