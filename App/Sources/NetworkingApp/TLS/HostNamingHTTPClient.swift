import Foundation
import HTTPClient
import NetworkingComposition

/// A transport that adds the host it talks to to a failed TLS handshake's error, so the failure line can name
/// it; the error's case stays the same, and every other error passes through unchanged.
struct HostNamingHTTPClient: HTTPClient {
    let base: any HTTPClient
    let host: String

    /// `makeTransport`'s clients, each naming its base URL's host.
    static func wrapping(_ makeTransport: @escaping HTTPClientFactory.MakeTransport) -> HTTPClientFactory.MakeTransport
    {
        { baseURL, settings in
            HostNamingHTTPClient(
                base: try makeTransport(baseURL, settings), host: baseURL.host ?? baseURL.absoluteString)
        }
    }

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        do {
            return try await base.load(request: request)
        } catch let error as HTTPTransportError {
            throw TLSHandshakeFailure.naming(host, in: error)
        }
    }

    func stream<Result: Sendable>(
        request: HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        do {
            return try await base.stream(request: request, body: body, progress: progress, receive: receive)
        } catch let error as HTTPTransportError {
            throw TLSHandshakeFailure.naming(host, in: error)
        }
    }
}
