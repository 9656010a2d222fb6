import Foundation

/// The status and headers of a received HTTP response.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, for example `200`.
    public let statusCode: HTTPStatusCode
    /// The response headers, or `nil` when none are known.
    public let headers: HTTPHeaders?
    /// The URL that answered (after any redirects the transport followed), or `nil` when the client that made
    /// the response does not know it, as for a cached or scripted answer.
    public let url: URL?

    /// Creates a response.
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headers: The response headers, if any.
    public init(statusCode: HTTPStatusCode, headers: HTTPHeaders? = nil) {
        self.init(statusCode: statusCode, headers: headers, url: nil)
    }

    /// Creates a response that `url` answered.
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headers: The response headers, if any.
    ///   - url: The URL that answered, if known.
    public init(statusCode: HTTPStatusCode, headers: HTTPHeaders? = nil, url: URL?) {
        self.statusCode = statusCode
        self.headers = headers
        self.url = url
    }
}
