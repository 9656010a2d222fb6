import Foundation

/// Executes HTTP requests: the one abstraction features depend on.
///
/// Implementations return every response they receive, whatever its status code;
/// turning statuses into errors is a decorator's job (see `handlingErrors()`).
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the response body and metadata.
    /// - Parameter request: The request to send.
    /// - Returns: The body bytes and the response (status code and headers).
    /// - Throws: ``HTTPTransportError`` when no HTTP response arrived, or whatever a decorator adds.
    @discardableResult
    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse)
}
