import Foundation
import HTTPClient
import HTTPClientSupport

extension CurlEventLoop {
    /// Runs `request` on the loop with its client's `settings`, sending `body` through a pump task and handing
    /// the final response to `receive` as it arrives. When `receive` returns or throws, or the calling task is
    /// cancelled, the transfer is stopped; this returns only after the loop released it and `progress` got its
    /// last report. `progress` never runs on the loop thread: a `TransferProgressReporter` delivers it on a queue.
    /// - Throws: The transfer's `HTTPTransportError` or the request body's error before the head arrived,
    ///   or what `receive` throws.
    func stream<Result: Sendable>(
        _ request: CurlRequest, settings: CurlSettings, body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let ticket = TransferTicket()
        let resume: @Sendable () -> Void = { [mailbox] in _ = mailbox.send(.resume(ticket)) }
        var request = request
        let upload = body.map { UploadChannel($0, resume: resume) }
        if let upload {
            request.body = nil
            request.upload = upload
        }
        let observer = StreamBufferObservation.observer
        let response = ResponseStream(resume: resume, observer: observer)
        let reporter = progress.map {
            TransferProgressReporter(bytesExpectedToSend: request.bytesExpectedToSend, report: $0)
        }
        let delivery = ResponseDelivery.stream(response, progress: reporter)
        return try await withTaskCancellationHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                if let upload, let body { group.addTask { await upload.pump(body) } }
                defer {
                    upload?.close()
                    group.cancelAll()
                }
                var refusal: HTTPTransportError?
                let submitted = ticket.start { refusal = mailbox.send(.start(ticket, request, settings, delivery)) }
                if let refusal { throw refusal }
                guard submitted else { throw HTTPTransportError.cancelled }
                do {
                    let start = try await response.head()
                    let result = try await receive(
                        start.response, DecodedChunks.body(response, start: start, observer: observer))
                    await stop(ticket, response)
                    await reporter?.delivered()
                    return result
                } catch {
                    await stop(ticket, response)
                    await reporter?.delivered()
                    throw error
                }
            }
        } onCancel: {
            ticket.cancel { _ in _ = mailbox.send(.cancel(ticket)) }
        }
    }

    /// Stops the transfer unless it ended, and waits until the loop released it.
    private func stop(_ ticket: TransferTicket, _ response: ResponseStream) async {
        if !response.hasEnded { ticket.cancel { _ in _ = mailbox.send(.cancel(ticket)) } }
        await response.ended()
    }
}
