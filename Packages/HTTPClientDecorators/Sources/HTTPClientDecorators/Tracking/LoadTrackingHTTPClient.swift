import Foundation
import HTTPClient

/// Counts each load or stream in an ``InFlightLoads`` from its start until it returns or throws (for a stream,
/// after its `receive` has ended).
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

    /// Counts the stream as running from its start until `receive` has ended and the call returns or throws.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        loads.begin()
        defer { loads.end() }
        return try await client.stream(request: request, body: body, progress: progress, receive: receive)
    }
}

extension HTTPClient {
    /// Counts every running load in `loads`, so a caller can wait for them; see ``LoadTrackingHTTPClient``.
    public func trackingLoads(in loads: InFlightLoads) -> any HTTPClient {
        LoadTrackingHTTPClient(client: self, loads: loads)
    }
}
