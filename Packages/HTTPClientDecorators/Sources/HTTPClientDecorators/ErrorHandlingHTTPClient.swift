import Foundation
import HTTPClient

/// Turns every response outside `200..<300` into `HTTPError.httpCode(statusCode:data:)`, keeping the body.
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
}

extension HTTPClient {
    /// Throws `HTTPError.httpCode(statusCode:data:)` for every response outside `200..<300`.
    public func handlingErrors() -> any HTTPClient {
        ErrorHandlingHTTPClient(client: self)
    }
}
