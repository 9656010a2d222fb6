import Foundation
import HTTPClient
import HTTPClientSupport

/// An ``InstantClient`` that also reads, per request, the task-locals a transport or a cache reads when no
/// tracing layer is in the chain: `HTTPLoadObservation.current` (every transport, cache and replay).
///
/// Side by side with a bare ``InstantClient`` in the same chain, it measures what those lookups cost with
/// telemetry off. With `reportsMeasurement`, it also reports to the observers what `CurlClient` reports
/// over loopback (every phase, protocol, peer and sizes), so a tracing layer above it builds a span as full as
/// a real transfer's.
public final class ObservedInstantClient: HTTPClient {
    private let answer = InstantClient()
    private let reportsMeasurement: Bool

    /// Creates the client; `reportsMeasurement` makes it report a loopback-like measurement per request.
    public init(reportsMeasurement: Bool = false) {
        self.reportsMeasurement = reportsMeasurement
    }

    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let observers = HTTPLoadObservation.current
        let answered = try await answer.load(request: request)
        if reportsMeasurement, observers.hearsExchanges {
            observers.observe(
                HTTPExchangeMetrics(
                    startTime: Date(), nameLookup: .microseconds(4), connect: .microseconds(60),
                    requestSent: .microseconds(70), firstByte: .microseconds(230), end: .microseconds(250),
                    protocolVersion: "1.1", remoteAddress: "127.0.0.1", remotePort: 8080, requestBodyBytes: 0,
                    responseBodyBytes: Int64(answered.0.count)))
        }
        withExtendedLifetime(observers) {}
        return answered
    }
}
