import Foundation
import HTTPClient

extension TimeoutHTTPClient {
    /// Streams with `duration` until the response head reaches `receive`, then the idle time for every chunk
    /// `receive` waits for; the transfer runs in a child task, cancelled when a time runs out.
    ///
    /// With a request body to send, `duration` starts once the body has been sent: the transport's progress
    /// reports every byte of a body of known length sent, or the transport read a single-pass body of unknown
    /// length to its end. Until then each step of the upload after the first bytes moved has the idle time, so a
    /// slow upload that keeps moving is never cut, and one that stalls is, with a ``TimeoutError`` waiting for
    /// ``TimeoutError/Wait/requestBody``.
    /// - Throws: `HTTPTransportError.timedOut(underlying:)` with a ``TimeoutError`` that names the wait, or what
    ///   the wrapped client or `receive` throws. A cancelled caller gets its cancellation error, never a timeout.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let outer = Deadline.current
        let own = Deadline(after: duration, on: time)
        let watchdog = StreamWatchdog(timer: timer, time: time, idle: idleDuration)
        let upload = UploadWatch(
            request: request, body: body, progress: progress, watchdog: watchdog, duration: duration)
        if upload.sendsBody {
            watchdog.awaitUpload(allowed: duration)
        } else {
            watchdog.awaitHead(until: own.instant, allowed: duration)
        }
        // With a body, when the head is due depends on the upload, so the layers inside keep the outer deadline.
        let scope = upload.sendsBody ? outer : own.earliest(outer)
        return try await Deadline.$current.withValue(scope) {
            try await watchdog.race.run(
                {
                    try await client.stream(request: request, body: upload.body, progress: upload.progress) {
                        response, responseBody in
                        watchdog.headArrived()
                        return try await Deadline.$current.withValue(outer) {
                            try await receive(response, watchdog.watch(responseBody))
                        }
                    }
                },
                settle: watchdog.close,
                timeUp: { watchdog.expired.map { HTTPTransportError.timedOut(underlying: $0) } }
            )
        }
    }
}
