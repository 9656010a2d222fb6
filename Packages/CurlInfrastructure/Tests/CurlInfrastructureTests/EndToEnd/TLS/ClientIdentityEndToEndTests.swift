import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Mutual TLS and minimum versions against dev servers that want a client certificate or speak only TLS 1.2.
@Suite("CurlClient TLS client identity and minimum version end to end")
struct ClientIdentityEndToEndTests {
    @Test("a client certificate from the server's client CA is accepted, also with an encrypted key")
    func accepted() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "server")
        let clientRoot = try TestCertificateAuthority(in: fixture.folder.url, name: "Client Root", file: "client-ca")
        let client = try clientRoot.issueClient(named: "client")
        let encryptedKey = fixture.folder.file("client-key-encrypted.pem")
        try OpenSSL.run(
            ["pkey", "-in", client.privateKey.path, "-aes256", "-passout", "pass:s3cret", "-out", encryptedKey.path])

        try await fixture.serving(server, arguments: ["--tls-client-ca", clientRoot.certificate.path]) {
            server throws in
            for identity in [
                TLSOptions.ClientIdentity(certificate: client.certificate, privateKey: client.privateKey),
                TLSOptions.ClientIdentity(
                    certificate: client.certificate, privateKey: encryptedKey, password: "s3cret"),
            ] {
                var tls = try fixture.trustRoot
                tls.clientIdentity = identity
                #expect(try await fixture.failure(server, tls) == nil)
            }
        }
    }

    @Test("no client certificate, or a stranger's, is refused as clientCertificateRejected")
    func refused() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "server")
        let clientRoot = try TestCertificateAuthority(in: fixture.folder.url, name: "Client Root", file: "client-ca")
        let stranger = try fixture.root.issueClient(named: "stranger")

        try await fixture.serving(server, arguments: ["--tls-client-ca", clientRoot.certificate.path]) {
            server throws in
            var withStranger = try fixture.trustRoot
            withStranger.clientIdentity = .init(certificate: stranger.certificate, privateKey: stranger.privateKey)
            for tls in [try fixture.trustRoot, withStranger] {
                let error = try await fixture.failure(server, tls, path: "echo/refused")
                #expect(error?.kind == .clientCertificateRejected, "\(String(describing: error))")
            }
        }
    }

    @Test("a TLS 1.3 minimum refuses a server that speaks only TLS 1.2; a TLS 1.2 minimum reaches it")
    func minimumVersion() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "server")

        try await fixture.serving(server, arguments: ["--tls-max-version", "1.2"]) { server throws in
            var tls = try fixture.trustRoot
            tls.minimumVersion = .tls13
            let error = try await fixture.failure(server, tls)
            tls.minimumVersion = .tls12
            let passed = try await fixture.failure(server, tls)

            #expect(error?.kind == .noCommonTLSVersion, "\(String(describing: error))")
            #expect(passed == nil)
        }
    }
}
