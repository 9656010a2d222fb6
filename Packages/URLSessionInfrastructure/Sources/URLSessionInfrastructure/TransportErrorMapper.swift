import Foundation
import HTTPClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Maps whatever URLSession throws into `HTTPTransportError`, keeping the underlying description.
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
        if let transportError = error as? HTTPTransportError { return transportError }
        if error is CancellationError { return .cancelled }
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            return .other(underlying: "\(nsError.localizedDescription) (\(nsError.domain) \(nsError.code))")
        }
        let underlying = "\(nsError.localizedDescription) (URLError \(nsError.code))"
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
            return .invalidURL("\(failingURL?.absoluteString ?? "<no URL>") (\(underlying))")
        case .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData, .zeroByteResource,
            .redirectToNonExistentLocation:
            return .invalidResponse(underlying: underlying)
        case .httpTooManyRedirects:
            return .tooManyRedirects(underlying: underlying)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            return .secureConnectionFailed(underlying: underlying)
        default:
            return .other(underlying: underlying)
        }
    }
}
