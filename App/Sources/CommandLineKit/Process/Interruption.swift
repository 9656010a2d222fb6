import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `SIGINT` (Ctrl-C) and `SIGTERM` cancel a tool's work instead of killing it, so it can still write what it
/// has and exit 130 or 143 (128 + the signal), as a shell reports an interrupted tool.
/// A second signal ends the process at once.
///
/// The signals are received by Dispatch signal sources, on a queue, not in a signal handler: cancelling a Task
/// there is safe.
public struct Interruption {
    /// The first signal received and how to cancel the work; shared with the signal sources' handlers.
    private final class State: Sendable {
        let received = Mutex<Int32?>(nil)
        let cancelWork = Mutex<(@Sendable () -> Void)?>(nil)

        func receive(_ number: Int32) {
            let isFirst = received.withLock { received in
                defer { if received == nil { received = number } }
                return received == nil
            }
            guard isFirst else { _exit(128 + number) }
            cancelWork.withLock { $0 }?()
        }
    }

    private let state = State()
    private let sources: [any DispatchSourceSignal]

    /// Starts listening for `signals`; their default action (ending the process) is off from now on.
    public init(signals: [Int32] = [SIGINT, SIGTERM]) {
        let queue = DispatchQueue(label: "CommandLineKit.signals")
        let state = state
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { state.receive(number) }
            source.resume()
            return source
        }
    }

    /// Runs `work` as a Task that a signal cancels; returns its result.
    public func run<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) async -> Result {
        let task = Task { await work() }
        state.cancelWork.withLock { $0 = { task.cancel() } }
        if state.received.withLock({ $0 }) != nil { task.cancel() }
        return await task.value
    }

    /// 128 + the first signal received, or `nil` when none came.
    public var exitStatus: Int32? {
        state.received.withLock { $0.map { 128 + $0 } }
    }

    /// Stops listening: a signal that comes later is ignored (the process is about to exit).
    public func stop() {
        for source in sources {
            source.cancel()
        }
    }
}
