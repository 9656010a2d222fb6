import Foundation
import HTTPClient

extension TimeoutHTTPClient {
    /// Streams with `duration` until the response head reaches `receive`, then the idle time for every chunk
    /// `receive` waits for; the transfer runs in a child task, cancelled when a time runs out.
    /// - Throws: `HTTPTransportError.timedOut(underlying:)` with a ``TimeoutError`` that names the wait, or what
    ///   the wrapped client or `receive` throws. A cancelled caller gets its cancellation error, never a timeout.
    public func stream<Output: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Output
    ) async throws -> Output {
        let outer = Deadline.current
        let own = Deadline(instant: time.now() + duration, time: time)
        let watchdog = StreamWatchdog(timer: timer, time: time, idle: idleDuration)
        watchdog.awaitHead(until: own.instant, allowed: duration)
        return try await Deadline.$current.withValue(own.earliest(outer)) {
            async let streamed = Self.stream(
                request, body: body, progress: progress, from: client, reportingTo: watchdog.race
            ) { response, responseBody in
                watchdog.headArrived()
                return try await Deadline.$current.withValue(outer) {
                    try await receive(response, responseBody.watched(by: watchdog))
                }
            }
            let first = await watchdog.race.first()
            watchdog.close()
            if first == .timeUp, !Task.isCancelled, let expired = watchdog.expired {
                throw HTTPTransportError.timedOut(underlying: expired)
            }
            return try await streamed.get()
        }
    }

    private static func stream<Output: Sendable>(
        _ request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        from client: any HTTPClient,
        reportingTo race: LoadRace,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Output
    ) async -> Result<Output, any Error> {
        let result: Result<Output, any Error>
        do {
            result = .success(
                try await client.stream(request: request, body: body, progress: progress, receive: receive))
        } catch {
            result = .failure(error)
        }
        race.report(.loaded)
        return result
    }
}
