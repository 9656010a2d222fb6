/// A request to the loop thread, sent through ``CurlMailbox``.
enum CurlCommand: Sendable {
    /// The caller's continuation, resumed exactly once with the load's outcome.
    typealias Continuation = CheckedContinuation<CurlResult, Never>

    /// Start a load.
    case start(TransferTicket, CurlRequest, Continuation)
    /// Stop a load: its caller gets `HTTPTransportError.cancelled` and its connection is closed.
    case cancel(TransferTicket)
    /// Resume a load whose body callback paused it.
    case resume(TransferTicket)
    /// Stop every load and end the thread.
    case shutdown
}
