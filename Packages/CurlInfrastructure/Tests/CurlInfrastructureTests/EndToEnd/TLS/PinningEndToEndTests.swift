import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Public key pins checked in the handshake: a wrong pin never lets a request leave, on a private or shared pool.
@Suite("CurlClient TLS pins end to end: the right pin passes, a wrong one fails before any request is sent")
struct PinningEndToEndTests {
    @Test("the server's own pin, among others, lets the request through")
    func rightPin() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "server")
        let pins = try TLSOptions.PublicKeyPin.list(
            parsing: "sha256//" + Data(repeating: 9, count: 32).base64EncodedString() + ";"
                + TestCertificateAuthority.pin(of: server.certificate))

        try await fixture.serving(server) { server throws in
            var tls = try fixture.trustRoot
            tls.pinnedKeys = pins
            #expect(try await fixture.failure(server, tls, path: "echo/pinned") == nil)
            #expect(try await fixture.admin(server).count("route:GET /echo/pinned") == 1)
        }
    }

    @Test("a wrong pin fails with pinnedKeyMismatch after the handshake, and the server sees no request")
    func wrongPin() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "server")
        let stranger = try fixture.root.issueServer(named: "stranger")

        try await fixture.serving(server) { server throws in
            var tls = try fixture.trustRoot
            tls.pinnedKeys = [try .init(parsing: TestCertificateAuthority.pin(of: stranger.certificate))]

            let error = try await fixture.failure(server, tls, path: "echo/pinned")

            #expect(error?.kind == .pinnedKeyMismatch)
            #expect(error?.curlCode == 90)
            let admin = try fixture.admin(server)
            // The server is done with the pinned connection: any request on it would have been counted.
            try await admin.waitUntil("tls.connections-closed", reaches: 1)
            #expect(try await admin.count("route:GET /echo/pinned") == 0)
        }
    }

    @Test("on a shared pool a wrong-pin client never reuses the connection a trusting client left open")
    func sharedPool() async throws {
        let fixture = try TLSServerFixture()
        let server = try fixture.root.issueServer(named: "server")
        let stranger = try fixture.root.issueServer(named: "stranger")

        try await fixture.serving(server) { server throws in
            let pool = try CurlConnectionPool()
            let trusting = try CurlClient(
                baseURL: server.baseURL, proxy: .direct, tls: try fixture.trustRoot, pool: pool)
            var pinned = try fixture.trustRoot
            pinned.pinnedKeys = [try .init(parsing: TestCertificateAuthority.pin(of: stranger.certificate))]
            let pinning = try CurlClient(baseURL: server.baseURL, proxy: .direct, tls: pinned, pool: pool)

            _ = try await trusting.load(request: devRequest(.get, "echo/first"))
            let error = await #expect(throws: HTTPTransportError.self) {
                try await pinning.load(request: devRequest(.get, "echo/pinned"))
            }

            #expect(error?.kind == .pinnedKeyMismatch)
            let admin = try fixture.admin(server)
            try await admin.waitUntil("tls.connections-closed", reaches: 1)
            #expect(try await admin.count("route:GET /echo/pinned") == 0)
        }
    }
}
