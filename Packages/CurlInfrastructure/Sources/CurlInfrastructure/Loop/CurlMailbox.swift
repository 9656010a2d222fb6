import HTTPClient
import HTTPClientSupport

/// The locked queue of commands for the loop thread; sending one also wakes the thread.
final class CurlMailbox: Sendable {
    private struct State: Sendable {
        var commands: [CurlCommand] = []
        var wakeup: CurlWakeup?
        /// Set once the loop stopped taking commands: the error a later start gets.
        var closed: HTTPTransportError?
    }

    private let state = LockedValue(State())

    /// Queues `command` and wakes the loop.
    /// - Returns: `nil`, or the error to end a load with when the loop no longer runs.
    func send(_ command: CurlCommand) -> HTTPTransportError? {
        state.withLock { state in
            if let closed = state.closed { return closed }
            state.commands.append(command)
            state.wakeup?.wake()
            return nil
        }
    }

    /// Every queued command, oldest first, emptying the queue.
    func receive() -> [CurlCommand] {
        state.withLock { state in
            defer { state.commands.removeAll() }
            return state.commands
        }
    }

    /// Lets senders wake the loop from now on.
    func open(with wakeup: CurlWakeup) {
        state.withLock { $0.wakeup = wakeup }
    }

    /// Takes no more commands (later starts get `reason`) and never wakes the loop again.
    /// - Returns: The commands still queued.
    func close(_ reason: HTTPTransportError) -> [CurlCommand] {
        state.withLock { state in
            state.closed = reason
            state.wakeup = nil
            defer { state.commands.removeAll() }
            return state.commands
        }
    }
}
