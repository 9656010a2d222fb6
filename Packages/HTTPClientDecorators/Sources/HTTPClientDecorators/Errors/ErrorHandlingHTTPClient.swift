import Foundation
import HTTPClient

/// Turns every response outside `200..<300` into `HTTPError.httpCode(statusCode:data:)`, keeping the body
/// (for a stream, its first 1 KiB).
///
/// Put it outermost: decorators inside it (retry, token refresh, logging) then see the real response,
/// headers included, and the caller gets one typed error for the final outcome.
public struct ErrorHandlingHTTPClient: HTTPClient {
    let client: any HTTPClient

    /// Wraps `client`.
    public init(client: any HTTPClient) {
        self.client = client
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await client.load(request: request)
        guard response.isSuccess else {
            throw HTTPError.httpCode(statusCode: response.statusCode, data: data)
        }
        return (data, response)
    }

    /// Hands a `2xx` response to `receive`; any other status throws `HTTPError.httpCode(statusCode:data:)`
    /// before `receive` runs, carrying at most the first 1 KiB of the body (the rest is never read).
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await client.stream(request: request, body: body, progress: progress) { response, responseBody in
            guard response.isSuccess else {
                let prefix = try await BodyPrefix.read(responseBody, upTo: BodyPrefix.errorBodyLimit)
                throw HTTPError.httpCode(statusCode: response.statusCode, data: prefix)
            }
            return try await receive(response, responseBody)
        }
    }
}

extension HTTPClient {
    /// Throws `HTTPError.httpCode(statusCode:data:)` for every response outside `200..<300`.
    public func handlingErrors() -> any HTTPClient {
        ErrorHandlingHTTPClient(client: self)
    }
}
