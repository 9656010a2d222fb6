import HTTPClient

/// The cause of a failed TLS handshake with the host it failed with, and the one sentence the CLI prints for it:
/// the host, which check failed, and what to do.
struct TLSHandshakeFailure: Error, Sendable, CustomStringConvertible {
    /// The host the handshake was with.
    let host: String
    /// The transport's cause (libcurl's error, URLSession's).
    let underlying: any Error & Sendable

    /// `error` with `host` added to its cause when it is a failed handshake the CLI can explain; else `error`.
    static func naming(_ host: String, in error: HTTPTransportError) -> HTTPTransportError {
        guard let underlying = error.underlying, !(underlying is TLSHandshakeFailure) else { return error }
        let cause = TLSHandshakeFailure(host: host, underlying: underlying)
        return switch error {
        case .untrustedCertificate: .untrustedCertificate(underlying: cause)
        case .certificateNameMismatch: .certificateNameMismatch(underlying: cause)
        case .certificateOutsideValidityPeriod: .certificateOutsideValidityPeriod(underlying: cause)
        case .pinnedKeyMismatch: .pinnedKeyMismatch(underlying: cause)
        case .clientCertificateRejected: .clientCertificateRejected(underlying: cause)
        case .noCommonTLSVersion: .noCommonTLSVersion(underlying: cause)
        default: error
        }
    }

    /// The host and the transport's cause.
    var description: String { "\(host): \(underlying)" }

    /// One sentence for `error`'s case: the host, the reason and the fix; `nil` for a case that is no handshake
    /// failure.
    func sentence(for error: HTTPTransportError) -> String? {
        switch error {
        case .untrustedCertificate:
            "the certificate of \(host) is not from a certificate authority networking trusts; trust the authority "
                + "that issued it with --cacert FILE (or SSL_CERT_FILE)"
        case .certificateNameMismatch:
            "the certificate of \(host) is for another host name; use a base URL with a name the certificate lists"
        case .certificateOutsideValidityPeriod:
            "the certificate of \(host) has expired or is not valid yet; check this computer's clock, or have the "
                + "server's certificate renewed"
        case .pinnedKeyMismatch:
            "the public key of \(host) matches none of the --pinnedpubkey pins, so no request was sent; check the "
                + "pins against the server's current key"
        case .clientCertificateRejected:
            "\(host) accepted no client certificate; present one it trusts with --cert FILE and --key FILE"
        case .noCommonTLSVersion:
            "\(host) speaks no TLS version networking allows; drop --tlsv1.3, or have the server updated"
        default:
            nil
        }
    }
}
