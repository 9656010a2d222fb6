import Foundation
import HTTPClient
import Synchronization

/// The innermost client of a chain under measurement: forwards to the real transport and adds up the time
/// spent inside it, so that a request's time minus its transport's time is what the chain around it costs.
struct TimedTransport: HTTPClient {
    let transport: any HTTPClient
    let timer: TransportTimer

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let clock = ContinuousClock()
        let started = clock.now
        defer { timer.add(clock.now - started) }
        return try await transport.load(request: request)
    }

    func stream<Result: Sendable>(
        request: HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let clock = ContinuousClock()
        let started = clock.now
        defer { timer.add(clock.now - started) }
        return try await transport.stream(request: request, body: body, progress: progress, receive: receive)
    }
}

/// The calls that went through a ``TimedTransport`` and the time they spent in the transport.
final class TransportTimer: Sendable {
    private let state = Mutex((total: Duration.zero, calls: 0))

    /// Starts counting again from zero.
    func reset() {
        state.withLock { $0 = (.zero, 0) }
    }

    func add(_ duration: Duration) {
        state.withLock {
            $0.total += duration
            $0.calls += 1
        }
    }

    /// The mean time per call in microseconds, or nil before any call.
    var meanMicroseconds: Double? {
        state.withLock { $0.calls > 0 ? LoadSample.seconds($0.total) * 1e6 / Double($0.calls) : nil }
    }
}
