import Foundation
import HTTPClient

extension TimeoutHTTPClient {
    /// Streams with `duration` until the response head reaches `receive`, then the idle time for every chunk
    /// `receive` waits for; the transfer runs in a child task, cancelled when a time runs out.
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
        watchdog.awaitHead(until: own.instant, allowed: duration)
        return try await own.scope {
            try await watchdog.race.run(
                {
                    try await client.stream(request: request, body: body, progress: progress) {
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
