import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Maps whatever URLSession throws into `HTTPTransportError`, keeping the error as the underlying cause.
enum TransportErrorMapper {
    /// `error` as an `HTTPTransportError`.
    ///
    /// An `HTTPTransportError` passes through unchanged and a `CancellationError` becomes
    /// ``HTTPTransportError/cancelled``; `URLError` codes map as in the README's table; anything
    /// else is ``HTTPTransportError/other(underlying:)``.
    /// - Parameters:
    ///   - error: The error to map.
    ///   - url: The request's URL, named by ``HTTPTransportError/invalidURL(_:)`` when the error has none.
    static func map(_ error: any Error, url: URL?) -> HTTPTransportError {
        if let passed = HTTPTransportError(passingThrough: error) { return passed }
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return .other(underlying: error) }
        let underlying = error
        switch URLError.Code(rawValue: nsError.code) {
        case .cancelled:
            return .cancelled
        case .timedOut:
            return .timedOut(underlying: underlying)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
            .internationalRoamingOff, .callIsActive, .dataNotAllowed:
            return .cannotConnect(underlying: underlying)
        case .networkConnectionLost, .badServerResponse:
            return .connectionLost(underlying: underlying)
        case .badURL, .unsupportedURL:
            let failingURL = (error as? URLError)?.failingURL ?? url
            let reason = "\(nsError.localizedDescription) (URLError \(nsError.code))"
            return .invalidURL("\(failingURL?.redactedString ?? "<no URL>") (\(reason))")
        case .cannotDecodeRawData, .cannotDecodeContentData:
            return .undecodableContent(underlying: underlying)
        case .cannotParseResponse, .zeroByteResource, .redirectToNonExistentLocation:
            return .invalidResponse(underlying: underlying)
        case .httpTooManyRedirects:
            return .tooManyRedirects(underlying: underlying)
        case .unknown where isContentDecodingFailure(nsError.localizedDescription):
            return .undecodableContent(underlying: underlying)
        case .unknown where isPartialTransfer(nsError.localizedDescription):
            return .connectionLost(underlying: underlying)
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
            return .untrustedCertificate(underlying: underlying)
        case .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            return .certificateOutsideValidityPeriod(underlying: underlying)
        case .clientCertificateRejected, .clientCertificateRequired:
            return .clientCertificateRejected(underlying: underlying)
        case .secureConnectionFailed, .appTransportSecurityRequiresSecureConnection:
            return .secureConnectionFailed(underlying: underlying)
        default:
            return .other(underlying: underlying)
        }
    }

    /// Whether a `URLError.unknown` is libcurl failing to decode the body by its `Content-Encoding`.
    ///
    /// swift-corelibs-foundation reports `CURLE_BAD_CONTENT_ENCODING` as code -1 with libcurl's message, for
    /// example "Error while processing content unencoding: incorrect header check" for a `gzip` body that is
    /// not gzip, or "Unrecognized content encoding type" for a coding libcurl does not know.
    static func isContentDecodingFailure(_ description: String) -> Bool {
        let text = description.lowercased()
        return text.contains("content unencoding") || text.contains("content encoding")
            || text.contains("content or transfer-encoding")
    }

    /// Whether a `URLError.unknown` is libcurl's `CURLE_PARTIAL_FILE`: the connection closed before the body
    /// reached its `Content-Length` ("transfer closed with 1 bytes remaining to read").
    static func isPartialTransfer(_ description: String) -> Bool {
        let text = description.lowercased()
        return text.contains("transfer closed with") && text.contains("remaining to read")
    }
}
