import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport

/// Certificates made for one test (a private root, and what it issues) and `Scripts/dev-server` serving one of
/// them over HTTPS on 127.0.0.1.
struct TLSServerFixture {
    /// The test's folder; removed when the fixture is released.
    let folder: TemporaryDirectory
    /// The private root that issues the server certificates.
    let root: TestCertificateAuthority

    init() throws {
        folder = try TemporaryDirectory(prefix: "curl-tls")
        root = try TestCertificateAuthority(in: folder.url, name: "Test Root")
    }

    /// Only the private root, as curl's `--cacert` takes it.
    var trustRoot: TLSOptions { get throws { TLSOptions(trust: .only(try .init(file: root.certificate))) } }

    /// Serves `certificate` with the dev server's extra `arguments` while `body` runs.
    func serving<T>(
        _ certificate: TestCertificateAuthority.Issued, arguments: [String] = [],
        _ body: (DevServer) async throws -> T
    ) async throws -> T {
        try await DevServer.run(
            arguments: ["--tls-cert", certificate.certificate.path, "--tls-key", certificate.privateKey.path]
                + arguments, body)
    }

    /// A client of `server` with `tls`, never through a proxy from the environment.
    func client(_ server: DevServer, _ tls: TLSOptions) throws -> CurlClient {
        try CurlClient(baseURL: server.baseURL, requestTimeout: 60, proxy: .direct, tls: tls)
    }

    /// The server's admin routes through a client that trusts the private root.
    func admin(_ server: DevServer) throws -> DevServerAdmin {
        try client(server, try trustRoot).admin
    }

    /// The error a load of `path` with `tls` throws, or `nil` when it got a response.
    func failure(_ server: DevServer, _ tls: TLSOptions, path: String = "echo/tls") async throws
        -> HTTPTransportError?
    {
        do {
            _ = try await client(server, tls).load(request: devRequest(.get, path))
            return nil
        } catch let error as HTTPTransportError {
            return error
        }
    }
}
