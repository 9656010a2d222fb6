import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// CurlClient speaks HTTP/2 over TLS when the server offers it (ALPN), multiplexing concurrent requests on
/// one connection, against a real server users run: Debian's nginx with a self-signed certificate.
@Suite(
    "CurlClient: HTTP/2 over TLS with nginx", .timeLimit(.minutes(1)),
    .enabled(
        if: NginxServer.executable != nil || NginxServer.isCI,
        "nginx is not installed (Scripts/bootstrap --bench installs it); under CI its absence fails the suite"))
struct CurlHTTP2Tests {
    @Test("concurrent requests go over HTTP/2 on one TLS connection")
    func multiplexed() async throws {
        try await NginxServer.run { server in
            let client = try CurlClient(baseURL: server.baseURL, certificateAuthorities: server.certificate)
            let (warmUp, _) = try await client.load(request: TestRequest(path: "warm-up", version: ""))
            #expect(String(decoding: warmUp, as: UTF8.self) == "ok /warm-up")

            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        let (data, response) = try await client.load(
                            request: TestRequest(path: "concurrent/\(index)", version: ""))
                        #expect(response.statusCode == 200)
                        return String(decoding: data, as: UTF8.self)
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }

            #expect(bodies == Set((0..<8).map { "ok /concurrent/\($0)" }))
            let log = try await server.accessLog(atLeast: 9)
            #expect(log.count == 9)
            #expect(log.allSatisfy { $0.serverProtocol == "HTTP/2.0" }, "\(log)")
            #expect(Set(log.map(\.connection)).count == 1, "every request on one connection: \(log)")
        }
    }

    @Test("a certificate the client was not told to trust is refused")
    func untrustedCertificate() async throws {
        try await NginxServer.run { server in
            let client = try CurlClient(baseURL: server.baseURL)

            await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: TestRequest(path: "untrusted", version: ""))
            }
        }
    }
}
