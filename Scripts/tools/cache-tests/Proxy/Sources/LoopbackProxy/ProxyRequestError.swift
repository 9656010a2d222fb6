/// Why the proxy answers a request itself instead of passing it on: each case is one error status.
enum ProxyRequestError: Error, Equatable {
    /// A malformed request line, header field, target or `Content-Length`: `400`.
    case badRequest(String)
    /// A body framed by `Transfer-Encoding` (chunked) instead of `Content-Length`: `411`.
    case lengthRequired
    /// A body past the proxy's limit: `413`.
    case contentTooLarge(limit: Int)
    /// Request line and header fields past the proxy's limit: `431`.
    case headerFieldsTooLarge(limit: Int)
    /// An HTTP version other than 1.0 and 1.1: `505`.
    case versionNotSupported(String)

    /// The status code the proxy answers with.
    var statusCode: Int {
        switch self {
        case .badRequest: 400
        case .lengthRequired: 411
        case .contentTooLarge: 413
        case .headerFieldsTooLarge: 431
        case .versionNotSupported: 505
        }
    }

    /// The one-line text body of the answer.
    var message: String {
        switch self {
        case .badRequest(let reason): "bad request: \(reason)"
        case .lengthRequired: "a request body needs Content-Length (Transfer-Encoding is not supported)"
        case .contentTooLarge(let limit): "the request body is larger than \(limit) bytes"
        case .headerFieldsTooLarge(let limit): "the request line and header fields are larger than \(limit) bytes"
        case .versionNotSupported(let version): "\(version) is not supported (HTTP/1.0 and HTTP/1.1 are)"
        }
    }
}
