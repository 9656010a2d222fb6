import HTTPClientSupport

/// The identity of one load and its cancellation state, shared by the calling task and the loop thread.
///
/// A cancellation that comes before the load reached the loop stops it from being sent at all; one that
/// comes after is forwarded to the loop as a command, always after the load's own start command.
typealias TransferTicket = CancellationLatch<Void>

/// A request to the loop thread, sent through ``CurlMailbox``.
enum CurlCommand: Sendable {
    /// The caller's continuation for a load, resumed exactly once with the load's outcome.
    typealias Continuation = CheckedContinuation<CurlResult, Never>

    /// Start a transfer with its client's settings.
    case start(TransferTicket, CurlRequest, CurlSettings, ResponseDelivery)
    /// Stop a transfer: its caller gets `HTTPTransportError.cancelled` and its connection is closed.
    case cancel(TransferTicket)
    /// Resume a transfer that a body callback paused.
    case resume(TransferTicket)
    /// Stop every transfer and end the thread.
    case shutdown
}
