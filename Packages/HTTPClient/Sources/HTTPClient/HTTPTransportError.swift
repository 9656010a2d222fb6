import Foundation

/// Why a request produced no HTTP response, in terms that need no transport types.
///
/// Infrastructure maps its own errors into these cases and keeps the original error as `underlying`, so
/// decorators and features can decide (for example) whether to retry, and a log can still name the cause.
/// Compare errors by ``kind`` or by pattern matching; the underlying values need not be comparable.
public enum HTTPTransportError: Error, Sendable {
    /// No response arrived within the allowed time.
    case timedOut(underlying: any Error & Sendable)
    /// The server could not be reached: refused connection, unknown host, no network.
    case cannotConnect(underlying: any Error & Sendable)
    /// The connection dropped before the response was complete.
    case connectionLost(underlying: any Error & Sendable)
    /// The request was cancelled before it completed.
    case cancelled
    /// The request could not be turned into a valid URL; the text names what was tried.
    case invalidURL(String)
    /// Something other than a well-formed HTTP response came back.
    case invalidResponse(underlying: any Error & Sendable)
    /// The server redirected too many times or in a loop.
    case tooManyRedirects(underlying: any Error & Sendable)
    /// The TLS handshake or certificate check failed for a reason the cases below do not name, or a local TLS
    /// file (certificate authorities, client certificate or key) could not be used.
    case secureConnectionFailed(underlying: any Error & Sendable)
    /// Any other transport failure.
    case other(underlying: any Error & Sendable)
    /// The response body grew past the client's limit (counted after content decoding), so the
    /// transfer was stopped.
    case responseTooLarge(limit: Int)
    /// The body could not be decoded as its `Content-Encoding` says (for example a `gzip` body that
    /// is not gzip): the server answered, but the answer is unusable.
    case undecodableContent(underlying: any Error & Sendable)
    /// The server's certificate chains to no certificate authority the client trusts (an unknown issuer, or
    /// self-signed): trust the authority that issued it, for example with a CA file.
    case untrustedCertificate(underlying: any Error & Sendable)
    /// The server's certificate is not for the host name (or address) the request went to.
    case certificateNameMismatch(underlying: any Error & Sendable)
    /// The server's certificate has expired or is not valid yet: its dates, or a clock, are wrong.
    case certificateOutsideValidityPeriod(underlying: any Error & Sendable)
    /// The server's public key matches none of the pinned keys; the handshake ended before any byte of the
    /// request was sent.
    case pinnedKeyMismatch(underlying: any Error & Sendable)
    /// The server wanted a client certificate and accepted none: none was presented, or it was not issued by
    /// an authority the server trusts.
    case clientCertificateRejected(underlying: any Error & Sendable)
    /// Client and server have no TLS version in common, for example a TLS 1.3 minimum against a server that
    /// speaks only TLS 1.2.
    case noCommonTLSVersion(underlying: any Error & Sendable)

    /// The case without its values, for comparing errors and for recording them.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``HTTPTransportError/timedOut(underlying:)``.
        case timedOut
        /// ``HTTPTransportError/cannotConnect(underlying:)``.
        case cannotConnect
        /// ``HTTPTransportError/connectionLost(underlying:)``.
        case connectionLost
        /// ``HTTPTransportError/cancelled``.
        case cancelled
        /// ``HTTPTransportError/invalidURL(_:)``.
        case invalidURL
        /// ``HTTPTransportError/invalidResponse(underlying:)``.
        case invalidResponse
        /// ``HTTPTransportError/tooManyRedirects(underlying:)``.
        case tooManyRedirects
        /// ``HTTPTransportError/secureConnectionFailed(underlying:)``.
        case secureConnectionFailed
        /// ``HTTPTransportError/other(underlying:)``.
        case other
        /// ``HTTPTransportError/responseTooLarge(limit:)``.
        case responseTooLarge
        /// ``HTTPTransportError/undecodableContent(underlying:)``.
        case undecodableContent
        /// ``HTTPTransportError/untrustedCertificate(underlying:)``.
        case untrustedCertificate
        /// ``HTTPTransportError/certificateNameMismatch(underlying:)``.
        case certificateNameMismatch
        /// ``HTTPTransportError/certificateOutsideValidityPeriod(underlying:)``.
        case certificateOutsideValidityPeriod
        /// ``HTTPTransportError/pinnedKeyMismatch(underlying:)``.
        case pinnedKeyMismatch
        /// ``HTTPTransportError/clientCertificateRejected(underlying:)``.
        case clientCertificateRejected
        /// ``HTTPTransportError/noCommonTLSVersion(underlying:)``.
        case noCommonTLSVersion
    }

    /// Which case this is.
    public var kind: Kind {
        switch self {
        case .timedOut: .timedOut
        case .cannotConnect: .cannotConnect
        case .connectionLost: .connectionLost
        case .cancelled: .cancelled
        case .invalidURL: .invalidURL
        case .invalidResponse: .invalidResponse
        case .tooManyRedirects: .tooManyRedirects
        case .secureConnectionFailed: .secureConnectionFailed
        case .other: .other
        case .responseTooLarge: .responseTooLarge
        case .undecodableContent: .undecodableContent
        case .untrustedCertificate: .untrustedCertificate
        case .certificateNameMismatch: .certificateNameMismatch
        case .certificateOutsideValidityPeriod: .certificateOutsideValidityPeriod
        case .pinnedKeyMismatch: .pinnedKeyMismatch
        case .clientCertificateRejected: .clientCertificateRejected
        case .noCommonTLSVersion: .noCommonTLSVersion
        }
    }

    /// The error this one was mapped from, for the cases that keep one.
    public var underlying: (any Error & Sendable)? {
        switch self {
        case .timedOut(let underlying), .cannotConnect(let underlying), .connectionLost(let underlying),
            .invalidResponse(let underlying), .tooManyRedirects(let underlying),
            .secureConnectionFailed(let underlying), .other(let underlying), .undecodableContent(let underlying),
            .untrustedCertificate(let underlying), .certificateNameMismatch(let underlying),
            .certificateOutsideValidityPeriod(let underlying), .pinnedKeyMismatch(let underlying),
            .clientCertificateRejected(let underlying), .noCommonTLSVersion(let underlying):
            underlying
        case .cancelled, .invalidURL, .responseTooLarge:
            nil
        }
    }

    /// The text of ``underlying`` as ``description`` shows it in parentheses, for logs and archives: a
    /// Foundation error as its message with domain and code (`timed out (URLError -1001)`), any other error as
    /// its `errorDescription` or `description`.
    public var underlyingDescription: String? {
        underlying.map(CauseDescription.text(of:))
    }

    /// Whether the same request may succeed if sent again: timeouts, refused and dropped connections.
    public var isTransient: Bool {
        switch kind {
        case .timedOut, .cannotConnect, .connectionLost: true
        case .cancelled, .invalidURL, .invalidResponse, .tooManyRedirects, .secureConnectionFailed, .other,
            .responseTooLarge, .undecodableContent, .untrustedCertificate, .certificateNameMismatch,
            .certificateOutsideValidityPeriod, .pinnedKeyMismatch, .clientCertificateRejected, .noCommonTLSVersion:
            false
        }
    }
}

extension HTTPTransportError: CustomStringConvertible {
    /// A one-line description naming the failure and its underlying cause.
    public var description: String {
        let cause = underlyingDescription ?? ""
        return switch self {
        case .timedOut: "The request timed out (\(cause))"
        case .cannotConnect: "Could not connect to the server (\(cause))"
        case .connectionLost: "The connection was lost (\(cause))"
        case .cancelled: "The request was cancelled"
        case .invalidURL(let url): "Invalid URL: \(url)"
        case .invalidResponse: "The server sent an invalid response (\(cause))"
        case .tooManyRedirects: "Too many redirects (\(cause))"
        case .secureConnectionFailed: "The secure connection failed (\(cause))"
        case .other: "The request failed (\(cause))"
        case .responseTooLarge(let limit): "The response was larger than the limit (\(limit) bytes)"
        case .undecodableContent: "The response body could not be decoded (\(cause))"
        case .untrustedCertificate: "The server's certificate is not from a trusted authority (\(cause))"
        case .certificateNameMismatch: "The server's certificate is for another host name (\(cause))"
        case .certificateOutsideValidityPeriod:
            "The server's certificate has expired or is not valid yet (\(cause))"
        case .pinnedKeyMismatch: "The server's public key matches no pinned key (\(cause))"
        case .clientCertificateRejected: "The server accepted no client certificate (\(cause))"
        case .noCommonTLSVersion: "The server speaks no TLS version the client allows (\(cause))"
        }
    }
}

extension HTTPTransportError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension HTTPTransportError {
    /// Whether `error` means the work was cancelled: a `CancellationError` or ``cancelled``.
    public static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? HTTPTransportError)?.kind == .cancelled
    }
}
