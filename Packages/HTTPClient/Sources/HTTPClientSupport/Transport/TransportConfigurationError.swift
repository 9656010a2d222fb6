import Foundation

/// Why a transport client could not be created; every case names the offending input.
///
/// Both transports throw it from their initializers, and ``BaseURL`` from its checks. A base URL's user
/// name and password are replaced by `[redacted]` (see ``RedactedURL``) in the case's value and in its
/// description.
public enum TransportConfigurationError: Error, Equatable, Sendable {
    /// The base URL string is empty.
    case emptyBaseURL
    /// The base URL string is not a URL (for example it contains spaces or a bad port).
    case unparseableBaseURL(String)
    /// The base URL's scheme is missing or not `http`/`https`.
    case unsupportedScheme(baseURL: String)
    /// The base URL has no host.
    case missingHost(baseURL: String)
    /// The base URL has a `#fragment`, which would never be sent.
    case fragmentInBaseURL(String)
    /// The request timeout is not a positive, finite number of seconds.
    case invalidRequestTimeout(TimeInterval)
    /// The response size limit is not a positive number of bytes.
    case invalidMaximumResponseBytes(Int)
    /// The proxy URL (credentials redacted) has no host, or a scheme other than those of
    /// ``HTTPProxy/Endpoint/schemes``.
    case invalidProxy(String)
    /// The transport cannot honour this proxy setting (described with credentials redacted); the reason says
    /// why.
    case unsupportedProxy(String, reason: String)
    /// The TLS options cannot be used: a pin that does not parse, or a file that cannot be read.
    case invalidTLSOptions(TLSOptionsError)
    /// The transport cannot honour this TLS option (named as curl's option is, for example `--cacert`, with
    /// its value); the reason says why and what to use instead.
    case unsupportedTLSOption(String, reason: String)
}

extension TransportConfigurationError: CustomStringConvertible {
    /// A one-line description naming the input and what is wrong with it.
    public var description: String {
        switch self {
        case .emptyBaseURL:
            "Invalid base URL \"\": it is empty"
        case .unparseableBaseURL(let string):
            "Invalid base URL \"\(RedactedURL.string(from: string))\": it is not a valid URL"
        case .unsupportedScheme(let string):
            "Invalid base URL \"\(RedactedURL.string(from: string))\": the scheme must be http or https"
        case .missingHost(let string):
            "Invalid base URL \"\(RedactedURL.string(from: string))\": it has no host"
        case .fragmentInBaseURL(let string):
            "Invalid base URL \"\(RedactedURL.string(from: string))\": it must not have a #fragment"
        case .invalidRequestTimeout(let seconds):
            "Invalid request timeout \(seconds): it must be a positive number of seconds"
        case .invalidMaximumResponseBytes(let bytes):
            "Invalid maximum response size \(bytes): it must be a positive number of bytes"
        case .invalidProxy(let string):
            "Invalid proxy \"\(string)\": it needs a host and an http, https, socks4, socks4a, socks5 or socks5h scheme"
        case .unsupportedProxy(let setting, let reason):
            "Unsupported proxy \"\(setting)\": \(reason)"
        case .invalidTLSOptions(let error):
            "Invalid TLS options: \(error)"
        case .unsupportedTLSOption(let option, let reason):
            "Unsupported TLS option \(option): \(reason)"
        }
    }
}

extension TransportConfigurationError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension TransportConfigurationError {
    /// Checks a request timeout and a response size limit: both positive (the timeout also finite).
    public static func validate(
        requestTimeout: TimeInterval, maximumResponseBytes: Int
    ) throws(TransportConfigurationError) {
        guard requestTimeout > 0, requestTimeout.isFinite else { throw .invalidRequestTimeout(requestTimeout) }
        guard maximumResponseBytes > 0 else { throw .invalidMaximumResponseBytes(maximumResponseBytes) }
    }
}
