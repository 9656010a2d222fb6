/// The status and headers of a received HTTP response.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, for example `200`.
    public let statusCode: HTTPStatusCode
    /// The response headers, or `nil` when none are known.
    public let headers: HTTPHeaders?

    /// Creates a response.
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headers: The response headers, if any.
    public init(statusCode: HTTPStatusCode, headers: HTTPHeaders? = nil) {
        self.statusCode = statusCode
        self.headers = headers
    }
}
