/// A request to the loop thread, sent through ``CurlMailbox``.
enum CurlCommand: Sendable {
    /// The caller's continuation for a load, resumed exactly once with the load's outcome.
    typealias Continuation = CheckedContinuation<CurlResult, Never>

    /// Start a transfer.
    case start(TransferTicket, CurlRequest, ResponseDelivery)
    /// Stop a transfer: its caller gets `HTTPTransportError.cancelled` and its connection is closed.
    case cancel(TransferTicket)
    /// Resume a transfer that a body callback paused.
    case resume(TransferTicket)
    /// Stop every transfer and end the thread.
    case shutdown
}
