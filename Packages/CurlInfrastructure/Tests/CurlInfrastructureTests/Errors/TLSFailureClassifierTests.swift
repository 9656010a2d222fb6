import CCurl
import HTTPClient
import Testing

@testable import CurlInfrastructure

@Suite("TLSFailureClassifier: which check a failed handshake failed, from libcurl and OpenSSL")
struct TLSFailureClassifierTests {
    @Test(
        "OpenSSL's verification result names an unknown issuer or a certificate out of its dates",
        arguments: [
            (2, HTTPTransportError.Kind.untrustedCertificate), (18, .untrustedCertificate), (19, .untrustedCertificate),
            (20, .untrustedCertificate), (21, .untrustedCertificate), (9, .certificateOutsideValidityPeriod),
            (10, .certificateOutsideValidityPeriod), (62, .certificateNameMismatch), (64, .certificateNameMismatch),
        ])
    func verifyResults(result: Int, expected: HTTPTransportError.Kind) {
        let error = CurlErrorMapper.map(
            CURLE_PEER_FAILED_VERIFICATION, message: "SSL certificate problem", url: "", verifyResult: result)

        #expect(error.kind == expected)
        #expect(!error.isTransient)
        #expect((error.underlying as? CurlError)?.code == 60)
    }

    @Test("libcurl's own host name check, which passes OpenSSL's result as 0, is a name mismatch by its words")
    func hostNameWords() {
        let messages = [
            "SSL: no alternative certificate subject name matches target host name '127.0.0.1'",
            "SSL: certificate subject name 'wrong.example' does not match target host name 'localhost'",
        ]
        for message in messages {
            #expect(kind(CURLE_PEER_FAILED_VERIFICATION, message) == .certificateNameMismatch)
        }
        #expect(kind(CURLE_PEER_FAILED_VERIFICATION, "SSL certificate problem: unknown") == .secureConnectionFailed)
    }

    @Test("a pin that does not match is pinnedKeyMismatch")
    func pin() {
        #expect(
            kind(CURLE_SSL_PINNEDPUBKEYNOTMATCH, "SSL: public key does not match pinned public key")
                == .pinnedKeyMismatch)
    }

    @Test(
        "a peer's alert in the handshake or on the first read names a version or client certificate refusal",
        arguments: [
            (CURLE_SSL_CONNECT_ERROR, "error:0A00042E:SSL routines::tlsv1 alert protocol version", .noCommonTLSVersion),
            (CURLE_SSL_CONNECT_ERROR, "error:0A000102:SSL routines::unsupported protocol", .noCommonTLSVersion),
            (
                CURLE_SSL_CONNECT_ERROR, "error:0A000410:SSL routines::sslv3 alert handshake failure",
                .clientCertificateRejected
            ),
            (
                CURLE_SSL_CONNECT_ERROR, "error:0A000412:SSL routines::sslv3 alert bad certificate",
                .clientCertificateRejected
            ),
            (
                CURLE_RECV_ERROR,
                "OpenSSL SSL_read: error:0A00045C:SSL routines::tlsv13 alert certificate required, errno 0",
                .clientCertificateRejected
            ),
            (
                CURLE_RECV_ERROR, "OpenSSL SSL_read: error:0A000418:SSL routines::tlsv1 alert unknown ca, errno 0",
                .clientCertificateRejected
            ),
            (CURLE_SSL_CLIENTCERT, "", .clientCertificateRejected),
            (CURLE_RECV_ERROR, "Connection reset by peer", .connectionLost),
            (CURLE_SSL_CONNECT_ERROR, "OpenSSL SSL_connect: Connection reset by peer", .secureConnectionFailed),
        ] as [(CURLcode, String, HTTPTransportError.Kind)])
    func alerts(code: CURLcode, message: String, expected: HTTPTransportError.Kind) {
        #expect(kind(code, message) == expected)
    }

    @Test("a local TLS file that cannot be used stays secureConnectionFailed")
    func localFiles() {
        #expect(kind(CURLE_SSL_CERTPROBLEM, "could not load PEM client certificate") == .secureConnectionFailed)
        #expect(kind(CURLE_SSL_CACERT_BADFILE, "error setting certificate file") == .secureConnectionFailed)
    }

    private func kind(_ code: CURLcode, _ message: String) -> HTTPTransportError.Kind {
        CurlErrorMapper.map(code, message: message, url: "").kind
    }
}
