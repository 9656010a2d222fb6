import Foundation

/// Why a request produced no HTTP response, in terms that need no transport types.
///
/// Infrastructure maps its own errors into these cases, keeping the underlying
/// description, so decorators and features can decide (for example) whether to retry.
public enum HTTPTransportError: Error, Equatable, Sendable {
    /// No response arrived within the allowed time.
    case timedOut(underlying: String)
    /// The server could not be reached: refused connection, unknown host, no network.
    case cannotConnect(underlying: String)
    /// The connection dropped before the response was complete.
    case connectionLost(underlying: String)
    /// The request was cancelled before it completed.
    case cancelled
    /// The request could not be turned into a valid URL.
    case invalidURL(String)
    /// Something other than a well-formed HTTP response came back.
    case invalidResponse(underlying: String)
    /// The server redirected too many times or in a loop.
    case tooManyRedirects(underlying: String)
    /// The TLS handshake or certificate check failed.
    case secureConnectionFailed(underlying: String)
    /// Any other transport failure.
    case other(underlying: String)
    /// The response body grew past the client's limit (counted after content decoding), so the
    /// transfer was stopped.
    case responseTooLarge(limit: Int)
    /// The body could not be decoded as its `Content-Encoding` says (for example a `gzip` body that
    /// is not gzip): the server answered, but the answer is unusable.
    case undecodableContent(underlying: String)

    /// Whether the same request may succeed if sent again: timeouts, refused and dropped connections.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .cannotConnect, .connectionLost: true
        case .cancelled, .invalidURL, .invalidResponse, .tooManyRedirects, .secureConnectionFailed, .other,
            .responseTooLarge, .undecodableContent:
            false
        }
    }
}

extension HTTPTransportError: CustomStringConvertible {
    /// A one-line description naming the failure and its underlying cause.
    public var description: String {
        switch self {
        case .timedOut(let underlying): "The request timed out (\(underlying))"
        case .cannotConnect(let underlying): "Could not connect to the server (\(underlying))"
        case .connectionLost(let underlying): "The connection was lost (\(underlying))"
        case .cancelled: "The request was cancelled"
        case .invalidURL(let url): "Invalid URL: \(url)"
        case .invalidResponse(let underlying): "The server sent an invalid response (\(underlying))"
        case .tooManyRedirects(let underlying): "Too many redirects (\(underlying))"
        case .secureConnectionFailed(let underlying): "The secure connection failed (\(underlying))"
        case .other(let underlying): "The request failed (\(underlying))"
        case .responseTooLarge(let limit): "The response was larger than the limit (\(limit) bytes)"
        case .undecodableContent(let underlying): "The response body could not be decoded (\(underlying))"
        }
    }
}

extension HTTPTransportError: LocalizedError {
    public var errorDescription: String? { description }
}

extension HTTPTransportError {
    /// Whether `error` means the work was cancelled: a `CancellationError` or ``cancelled``.
    public static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? HTTPTransportError) == .cancelled
    }
}
