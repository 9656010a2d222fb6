import Foundation
import HTTPClient

/// Adds fixed headers to every request, such as `Accept` or `User-Agent`.
///
/// An injected header replaces a request header with the same name in any letter case,
/// so the server never receives both `accept` and `Accept`.
public struct HeadersInjectingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let headers: HTTPHeaders

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client that sends the requests.
    ///   - headers: The headers to set on every request; they win over the request's own.
    public init(client: any HTTPClient, headers: HTTPHeaders) {
        self.client = client
        self.headers = headers
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        guard !headers.isEmpty else { return try await client.load(request: request) }
        return try await client.load(request: request.settingHeaders(headers))
    }

    /// Streams `request` with the headers set, with `body` and the response passed through untouched.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let sent: any HTTPRequest = headers.isEmpty ? request : request.settingHeaders(headers)
        return try await client.stream(request: sent, body: body, progress: progress, receive: receive)
    }
}

extension HTTPClient {
    /// Sets `headers` on every request, replacing same-named request headers (names compare case-insensitively).
    public func injecting(headers: HTTPHeaders) -> any HTTPClient {
        HeadersInjectingHTTPClient(client: self, headers: headers)
    }
}
