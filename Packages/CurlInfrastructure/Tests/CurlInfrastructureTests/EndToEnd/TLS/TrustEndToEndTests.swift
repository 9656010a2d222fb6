import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import CurlInfrastructure

/// CurlClient's trust settings against a dev server whose certificate a private root issued.
@Suite("CurlClient TLS trust end to end: unknown issuer, CA file, CA folder, added to the system's")
struct TrustEndToEndTests {
    @Test("with the system's CAs alone a private root's server is refused as untrusted, before any request")
    func untrusted() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "server")

        try await fixture.serving(server) { server throws in
            let error = try await fixture.failure(server, TLSOptions(), path: "echo/untrusted")

            #expect(error?.kind == .untrustedCertificate)
            #expect(error?.curlCode == 60)
            #expect(try await fixture.admin(server).count("route:GET /echo/untrusted") == 0)
        }
    }

    @Test("a CA file trusts the private root")
    func caFile() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "server")

        try await fixture.serving(server) { server throws in
            #expect(try await fixture.failure(server, try fixture.trustRoot) == nil)
        }
    }

    @Test("a hashed CA folder trusts the private root, alone and added to the system's")
    func caFolder() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "server")
        let folder = try fixture.root.hashedFolder()

        try await fixture.serving(server) { server throws in
            #expect(try await fixture.failure(server, TLSOptions(trust: .only(.init(folder: folder)))) == nil)
            #expect(try await fixture.failure(server, TLSOptions(trust: .systemAnd(.init(folder: folder)))) == nil)
        }
    }

    @Test("a CA file added to the system's keeps the system's: servers of either root are trusted")
    func addedToSystem() async throws {
        let fixture = try TLSServerFixture()
        let systemRoot = try TestCertificateAuthority(in: fixture.folder.url, name: "Stand-in System Root", file: "sys")
        let systemServer = try systemRoot.issueServer(named: "system-server")
        let privateServer = try fixture.root.issueServer(named: "private-server")
        let added = TLSOptions(trust: .systemAnd(try .init(file: fixture.root.certificate)))

        for certificate in [systemServer, privateServer] {
            try await fixture.serving(certificate) { server throws in
                let client = try CurlClient(
                    baseURL: server.baseURL, proxy: .direct, environment: [:], tls: added,
                    systemBundle: systemRoot.certificate)
                let (_, response) = try await client.load(request: devRequest(.get, "echo/added"))
                #expect(response.statusCode == 200)
            }
        }
    }

    @Test("a certificate for another name is refused as a name mismatch")
    func wrongName() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "wrong", hosts: ["wrong.example"])

        try await fixture.serving(server) { server throws in
            let error = try await fixture.failure(server, try fixture.trustRoot)

            #expect(error?.kind == .certificateNameMismatch)
            #expect(error?.description.contains("another host name") == true)
        }
    }

    @Test("an expired certificate is refused as outside its validity period")
    func expired() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "expired", expired: true)

        try await fixture.serving(server) { server throws in
            let error = try await fixture.failure(server, try fixture.trustRoot)

            #expect(error?.kind == .certificateOutsideValidityPeriod)
            #expect(error?.curlCode == 60)
        }
    }
}
