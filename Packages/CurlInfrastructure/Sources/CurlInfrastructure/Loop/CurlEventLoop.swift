import HTTPClient
import HTTPClientSupport

/// The calling side of the loop thread: hands loads to it and forwards task cancellation.
///
/// Releasing it stops the thread; its ``CurlConnectionPool`` keeps it, and every client keeps its pool.
final class CurlEventLoop: Sendable {
    let mailbox = CurlMailbox()

    /// Sets libcurl up on the calling thread (once per process), then starts the loop thread with `pool`'s
    /// settings. When the set-up fails, no thread starts and every load ends with `HTTPTransportError.other` and
    /// libcurl's ``CurlError``.
    init(pool: CurlConnectionPool.Settings) {
        if let failure = CurlGlobal.initialize() {
            _ = mailbox.close(.other(underlying: failure))
            return
        }
        CurlWorker.start(mailbox: mailbox, pool: pool)
    }

    deinit {
        _ = mailbox.send(.shutdown)
    }

    /// Runs `request` on the loop with its client's `settings`; cancelling the calling task ends it with
    /// `cancelled` within one wake-up.
    func load(_ request: CurlRequest, settings: CurlSettings) async -> CurlResult {
        let ticket = TransferTicket()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                var refusal: HTTPTransportError?
                let submitted = ticket.start {
                    refusal = mailbox.send(.start(ticket, request, settings, .collect(continuation)))
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
