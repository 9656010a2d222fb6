import Foundation
import HTTPClient

/// Counts each load in an ``InFlightLoads`` from its start until it returns or throws.
public struct LoadTrackingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let loads: InFlightLoads

    /// Wraps `client`, counting its loads in `loads`.
    public init(client: any HTTPClient, loads: InFlightLoads) {
        self.client = client
        self.loads = loads
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        loads.begin()
        defer { loads.end() }
        return try await client.load(request: request)
    }
}

extension HTTPClient {
    /// Counts every running load in `loads`, so a caller can wait for them; see ``LoadTrackingHTTPClient``.
    public func trackingLoads(in loads: InFlightLoads) -> any HTTPClient {
        LoadTrackingHTTPClient(client: self, loads: loads)
    }
}
