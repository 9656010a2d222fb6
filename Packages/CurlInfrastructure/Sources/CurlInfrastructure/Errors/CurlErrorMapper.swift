import CCurl
import HTTPClient

/// Maps a failed transfer's `CURLcode` into `HTTPTransportError`, keeping libcurl's error as the cause.
enum CurlErrorMapper {
    /// `code` with libcurl's `message` for it, as the matching `HTTPTransportError`.
    /// - Parameters:
    ///   - code: The transfer's result; never `CURLE_OK`.
    ///   - message: The transfer's error buffer, or empty for libcurl's generic text for `code`.
    ///   - url: The request's URL, already redacted, named by ``HTTPTransportError/invalidURL(_:)``.
    ///   - verifyResult: OpenSSL's certificate verification result (`CURLINFO_SSL_VERIFYRESULT`), 0 when
    ///     the chain check passed; it tells a failed handshake's reason (see ``TLSFailureClassifier``).
    static func map(_ code: CURLcode, message: String, url: String, verifyResult: Int = 0) -> HTTPTransportError {
        let underlying = CurlError(code, message)
        switch TLSFailureClassifier.kind(of: code, message: message, verifyResult: verifyResult) {
        case .untrustedCertificate: return .untrustedCertificate(underlying: underlying)
        case .certificateNameMismatch: return .certificateNameMismatch(underlying: underlying)
        case .certificateOutsideValidityPeriod: return .certificateOutsideValidityPeriod(underlying: underlying)
        case .pinnedKeyMismatch: return .pinnedKeyMismatch(underlying: underlying)
        case .clientCertificateRejected: return .clientCertificateRejected(underlying: underlying)
        case .noCommonTLSVersion: return .noCommonTLSVersion(underlying: underlying)
        default: break
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(underlying: underlying)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .cannotConnect(underlying: underlying)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM, CURLE_HTTP3, CURLE_QUIC_CONNECT_ERROR:
            return .connectionLost(underlying: underlying)
        case CURLE_SEND_FAIL_REWIND:
            return .connectionLost(underlying: CurlClient.BodyRewindError(underlying: underlying))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE,
            CURLE_SSL_ISSUER_ERROR, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            return .secureConnectionFailed(underlying: underlying)
        case CURLE_BAD_CONTENT_ENCODING:
            return .undecodableContent(underlying: underlying)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidURL("\(url) (\(underlying))")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_RANGE_ERROR:
            return .invalidResponse(underlying: underlying)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(underlying: underlying)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .other(underlying: underlying)
        }
    }
}
