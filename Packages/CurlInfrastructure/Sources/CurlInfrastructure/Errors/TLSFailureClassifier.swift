import CCurl
import HTTPClient

/// Tells which check a failed TLS handshake failed, from libcurl's code, OpenSSL's verification result and
/// the error buffer's text.
///
/// OpenSSL's `X509_V_ERR_*` codes (`CURLINFO_SSL_VERIFYRESULT`) name a certificate the chain check refused;
/// libcurl checks the host name itself, after that check passed, and says so only in words; a peer's TLS
/// alert (no common version, a client certificate refused) arrives as OpenSSL's text in the error buffer,
/// during the handshake or, with TLS 1.3, on the first read after it.
enum TLSFailureClassifier {
    /// `X509_V_ERR_CERT_NOT_YET_VALID`.
    static let certificateNotYetValid = 9
    /// `X509_V_ERR_CERT_HAS_EXPIRED`.
    static let certificateExpired = 10
    /// `X509_V_ERR_HOSTNAME_MISMATCH` and `X509_V_ERR_IP_ADDRESS_MISMATCH`.
    static let nameMismatches: Set<Int> = [62, 64]
    /// `X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT` (2), `DEPTH_ZERO_SELF_SIGNED_CERT` (18),
    /// `SELF_SIGNED_CERT_IN_CHAIN` (19), `UNABLE_TO_GET_ISSUER_CERT_LOCALLY` (20) and
    /// `UNABLE_TO_VERIFY_LEAF_SIGNATURE` (21).
    static let unknownIssuers: Set<Int> = [2, 18, 19, 20, 21]

    /// The kind of failure `code` with `message` and `verifyResult` stands for, or `nil` when it is no TLS
    /// check the caller can act on.
    static func kind(of code: CURLcode, message: String, verifyResult: Int) -> HTTPTransportError.Kind? {
        let text = message.lowercased()
        switch code {
        case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .pinnedKeyMismatch
        case CURLE_PEER_FAILED_VERIFICATION:
            if unknownIssuers.contains(verifyResult) { return .untrustedCertificate }
            if verifyResult == certificateExpired || verifyResult == certificateNotYetValid {
                return .certificateOutsideValidityPeriod
            }
            if nameMismatches.contains(verifyResult) || text.contains("target host name")
                || text.contains("subject name")
            {
                return .certificateNameMismatch
            }
            return nil
        case CURLE_SSL_CLIENTCERT:
            return .clientCertificateRejected
        case CURLE_SSL_CONNECT_ERROR, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return alertKind(in: text)
        default:
            return nil
        }
    }

    /// The kind a TLS alert from the peer, in OpenSSL's words, stands for.
    private static func alertKind(in text: String) -> HTTPTransportError.Kind? {
        let versionWords = ["alert protocol version", "unsupported protocol", "no protocols available"]
        if versionWords.contains(where: text.contains) { return .noCommonTLSVersion }
        let clientCertificateWords = [
            "alert certificate required", "alert bad certificate", "alert unknown ca", "alert certificate unknown",
            "alert handshake failure",
        ]
        if text.contains("alert"), clientCertificateWords.contains(where: text.contains) {
            return .clientCertificateRejected
        }
        return nil
    }
}
