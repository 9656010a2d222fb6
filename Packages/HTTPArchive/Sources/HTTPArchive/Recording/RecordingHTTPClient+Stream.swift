import Foundation
import HTTPClient
import HTTPClientSupport

extension RecordingHTTPClient {
    /// Streams through the wrapped client and records the exchange once `receive` is done.
    ///
    /// The response body reaches `receive` unread; the entry keeps what `receive` read of it: the byte count
    /// and at most the first ``HARRecorder/streamedTextLimit`` bytes as text, with a `comment` when the text is truncated or reading stopped
    /// early or failed. A single-pass request body is recorded the same way as the transport reads it; a
    /// replayable one is passed on as it is and its first bytes are read again for the entry.
    func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let sequence = recorder.begin()
        let started = Date()
        let start = ContinuousClock.now
        var sent = body
        var requestCapture: BodyCapture?
        if let body, !body.isReplayable {
            let tapped = BodyCapture.tapping(body)
            sent = tapped.body
            requestCapture = tapped.capture
        }
        let head = LockedValue<(response: HTTPResponse, capture: BodyCapture)?>(nil)
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(
                try await client.stream(request: request, body: sent, progress: progress) { response, received in
                    let tapped = BodyCapture.tapping(received)
                    head.withLock { $0 = (response, tapped.capture) }
                    return try await receive(response, tapped.body)
                })
        } catch {
            result = .failure(error)
        }
        let outcome: RecordedExchange.Outcome
        if let head = head.withLock({ $0 }) {
            outcome = .response(head.capture.recorded, head.response)
        } else {
            let error: any Error
            switch result {
            case .failure(let failure): error = failure
            case .success: error = HTTPTransportError.invalidResponse(underlying: NoResponse())
            }
            outcome = .failure(HARTransportFailure(error), message: String(describing: error))
        }
        var exchange = RecordedExchange(
            sequence: sequence, request: request, baseURL: baseURL, started: started,
            duration: ContinuousClock.now - start, outcome: outcome, redactsBodies: redactsBodies)
        if let requestCapture {
            exchange.requestBody = requestCapture.recorded
        } else if let body {
            exchange.requestBody = await Self.prefix(ofReplayable: body)
        }
        recorder.finish(exchange)
        return try result.get()
    }

    /// The first bytes of a replayable `body`, read again for the entry, with its declared size.
    private static func prefix(ofReplayable body: HTTPBody) async -> RecordedBody {
        var prefix = Data()
        var failure: String?
        do {
            for try await chunk in body {
                prefix.append(chunk.prefix(RecordedBody.textLimit - prefix.count))
                if prefix.count >= RecordedBody.textLimit { break }
            }
        } catch {
            failure = String(describing: error)
        }
        var byteCount = Int64(prefix.count)
        if case .known(let length) = body.length, failure == nil { byteCount = length }
        return RecordedBody(prefix: prefix, byteCount: byteCount, length: body.length, ended: true, failure: failure)
    }
}

/// The wrapped client returned without handing a response to `receive`.
private struct NoResponse: Error, CustomStringConvertible {
    var description: String { "The client returned without a response" }
}
