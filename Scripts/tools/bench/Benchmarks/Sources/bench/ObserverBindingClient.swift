import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPTelemetry

/// Binds, around each load of `client`, the task-locals a tracing layer binds (`TraceContext.current`, and as
/// the load observer of `HTTPLoadObservation` one that keeps the measurement under a lock), and makes no span.
///
/// Side by side with tracing off and spans on over a real transport, it separates what the bindings make the
/// transport do (such as reading the measurement on its own thread) from what building and recording a span
/// costs.
struct ObserverBindingClient: HTTPClient {
    let client: any HTTPClient

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        var observation = HTTPLoadObservation.current
        observation.loadObserver = MeasurementKeeper()
        return try await TraceContext.$current.withValue(.newTrace()) {
            try await HTTPLoadObservation.$current.withValue(observation) { try await client.load(request: request) }
        }
    }
}

/// Keeps the last measurement it hears, and gives no fields for a redirect.
private struct MeasurementKeeper: HTTPLoadObserver {
    let heard = LockedValue<HTTPExchangeMetrics?>(nil)

    func observe(_ metrics: HTTPExchangeMetrics) { heard.withLock { $0 = metrics } }
    func observe(_ source: HTTPAnswerSource) {}
    func fields(after hop: HTTPRedirectHop) -> HTTPHeaders { [:] }
}
