import Foundation
import HTTPClient
import HTTPClientSupport

/// Reports `metrics` to the task's observers (`HTTPLoadObservation.current`) for every load, as a measuring transport would, and passes
/// the load on to `client`.
struct MeasuringHTTPClient: HTTPClient {
    let client: any HTTPClient
    let metrics: HTTPExchangeMetrics

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        defer { HTTPLoadObservation.current.observe(metrics) }
        return try await client.load(request: request)
    }
}
