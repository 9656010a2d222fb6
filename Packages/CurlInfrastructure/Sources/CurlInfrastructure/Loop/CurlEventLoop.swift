import HTTPClient
import HTTPClientSupport

/// The calling side of the loop thread: hands loads to it and forwards task cancellation.
///
/// Releasing it stops the thread; a client keeps it for as long as the client lives.
final class CurlEventLoop: Sendable {
    let mailbox = CurlMailbox()

    /// Sets libcurl up on the calling thread (once per process), then starts the loop thread. When the set-up
    /// fails, no thread starts and every load ends with `HTTPTransportError.other` and libcurl's ``CurlError``.
    init(settings: CurlSettings) {
        if let failure = CurlGlobal.initialize() {
            _ = mailbox.close(.other(underlying: failure))
            return
        }
        CurlWorker.start(mailbox: mailbox, settings: settings)
    }

    deinit {
        _ = mailbox.send(.shutdown)
    }

    /// Runs `request` on the loop; cancelling the calling task ends it with `cancelled` within one wake-up.
    func load(_ request: CurlRequest) async -> CurlResult {
        let ticket = TransferTicket()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                var refusal: HTTPTransportError?
                let submitted = ticket.start {
                    refusal = mailbox.send(.start(ticket, request, .collect(continuation)))
                }
                if let refusal {
                    continuation.resume(returning: .failure(refusal))
                } else if !submitted {
                    continuation.resume(returning: .failure(.cancelled))
                }
            }
        } onCancel: {
            ticket.cancel { _ in _ = mailbox.send(.cancel(ticket)) }
        }
    }
}
