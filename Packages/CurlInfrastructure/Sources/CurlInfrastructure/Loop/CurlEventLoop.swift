import HTTPClient
import HTTPClientSupport

/// The calling side of the loop thread: hands loads to it and forwards task cancellation.
///
/// Releasing it stops the thread; a client keeps it for as long as the client lives.
final class CurlEventLoop: Sendable {
    let mailbox = CurlMailbox()

    init(settings: CurlSettings) {
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
