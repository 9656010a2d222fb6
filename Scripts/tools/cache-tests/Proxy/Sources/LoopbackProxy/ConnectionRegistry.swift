import HTTPClient
import HTTPClientSupport

/// The open connections of a ``LoopbackProxy``, so that stopping it can wake and end them.
///
/// Every change holds the lock, so a descriptor is never shut down after its connection closed it (and the
/// number went to another file).
final class ConnectionRegistry: Sendable {
    private let state = LockedValue((stopped: false, open: Set<Int32>()))

    /// Registers an accepted connection; `false` (and the descriptor closed) once the proxy has stopped.
    func open(_ descriptor: Int32) -> Bool {
        state.withLock { state in
            guard !state.stopped else {
                Socket.close(descriptor)
                return false
            }
            state.open.insert(descriptor)
            return true
        }
    }

    /// Unregisters a connection that is done, and closes its descriptor.
    func close(_ descriptor: Int32) {
        state.withLock { state in
            state.open.remove(descriptor)
            Socket.close(descriptor)
        }
    }

    /// Refuses further connections and shuts down the open ones (their threads then read the end of the stream);
    /// `false` when it had already stopped.
    func stop() -> Bool {
        state.withLock { state in
            guard !state.stopped else { return false }
            state.stopped = true
            for descriptor in state.open { Socket.shutDown(descriptor) }
            return true
        }
    }
}
