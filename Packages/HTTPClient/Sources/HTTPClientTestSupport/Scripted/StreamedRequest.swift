import Foundation
import HTTPClient

/// A request a ``StreamingScriptedHTTPClient`` received, with the body it read.
public struct StreamedRequest: Sendable {
    /// The request as sent; its `body` is the request's own, not the streamed one.
    public let request: HTTPRequestSnapshot
    /// The bytes read from the streamed body (or the request's own body when none was streamed).
    public let body: Data?
    /// The error reading the streamed body threw, if it did (`HTTPBodyError.alreadyRead`, say).
    public let bodyError: (any Error)?
}
