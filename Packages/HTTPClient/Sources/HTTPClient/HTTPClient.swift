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

    /// Sends `request` with `body` and hands the response to `receive` as it arrives.
    ///
    /// The response body is valid only inside `receive`: read it there (or not at all); the transfer ends
    /// when `receive` returns or throws. The default implementation goes through ``load(request:)`` and
    /// holds both bodies in memory, so a client that only implements `load` still works.
    /// - Parameters:
    ///   - request: The request to send.
    ///   - body: The body to send, or `nil` to send `request.body`.
    ///   - progress: Called with byte counts as the transfer moves on, or `nil`.
    ///   - receive: Reads the response; its result is returned.
    /// - Returns: What `receive` returned.
    /// - Throws: ``HTTPTransportError`` when no HTTP response arrived, whatever reading a body throws, or
    ///   what `receive` throws.
    func stream<Result: Sendable>(
        request: HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result
}
