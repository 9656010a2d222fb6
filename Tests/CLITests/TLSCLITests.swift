import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// `--cacert`, `--capath`, `--cert`/`--key`, `--pinnedpubkey`, `--tlsv1.3` and curl's CA variables against
/// `Scripts/dev-server --tls`, whose local CA lives in the test's own folder.
@Suite(.timeLimit(.minutes(2)))
struct TLSCLITests {
    private let id = "79123456"

    /// Runs `body` with an HTTPS dev server (its CA in a temporary folder) and that folder.
    private func withTLSServer(
        arguments: [String] = [], _ body: (DevServer, TemporaryDirectory) async throws -> Void
    ) async throws {
        let folder = try TemporaryDirectory(prefix: "cli-tls")
        try await withDevServer(arguments: ["--tls", "--tls-dir", folder.file("tls").path] + arguments) { server in
            try await body(server, folder)
        }
    }

    private func question(
        _ server: DevServer, _ options: [String] = [], environment: [String: String] = [:]
    ) async throws -> NetworkingBinary.Outcome {
        try await NetworkingBinary.run(
            ["question", id, "--transport", "curl"] + options, environment: server.environment(environment))
    }

    /// How many requests for the question reached `server`, read over a client that trusts its CA, once the
    /// server is done with `closedConnections` TLS connections (any request on them is counted by then).
    private func questionRequests(_ server: DevServer, closedConnections: Int = 0) async throws -> Int {
        let ca = try #require(server.certificateAuthority)
        let client = try CurlClient(
            baseURL: server.baseURL, proxy: .direct, tls: TLSOptions(trust: .only(try .init(file: ca))))
        let admin = DevServerAdmin(client: client)
        if closedConnections > 0 { try await admin.waitUntil("tls.connections-closed", reaches: closedConnections) }
        return try await admin.counters()
            .filter { $0.key.hasPrefix("route:GET /2.3/questions/") }.values.reduce(0, +)
    }

    @Test func anUntrustedServerIsRefusedInOneSentenceNamingHostReasonAndFix() async throws {
        try await withTLSServer { server, _ in
            let outcome = try await question(server)

            #expect(outcome.status == 1, "\(outcome)")
            #expect(
                outcome.stderr.contains(
                    "the certificate of 127.0.0.1 is not from a certificate authority networking trusts; "
                        + "trust the authority that issued it with --cacert FILE"), "\(outcome)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome)")
        }
    }

    @Test func cacertAndEachVariableTrustTheServersCA() async throws {
        try await withTLSServer { server, folder in
            let ca = try #require(server.certificateAuthority)
            let hashed = try Self.hashedFolder(of: ca, in: folder)
            let runs = [
                try await question(server, ["--cacert", ca.path]),
                try await question(server, environment: ["CURL_CA_BUNDLE": ca.path]),
                try await question(server, environment: ["SSL_CERT_FILE": ca.path]),
                try await question(server, environment: ["SSL_CERT_DIR": hashed.path]),
                try await question(server, ["--capath", hashed.path]),
            ]
            for outcome in runs { #expect(outcome.status == 0, "\(outcome)") }
        }
    }

    @Test func theOptionWinsOverTheVariables() async throws {
        try await withTLSServer { server, folder in
            let ca = try #require(server.certificateAuthority)
            let other = try TestCertificateAuthority(in: folder.url, name: "Other Root", file: "other")

            let outcome = try await question(
                server, ["--cacert", other.certificate.path], environment: ["CURL_CA_BUNDLE": ca.path])

            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr.contains("--cacert FILE"), "\(outcome)")
        }
    }

    @Test func aMissingFileIsAUsageErrorNamingItBeforeAnyRequest() async throws {
        try await withTLSServer { server, folder in
            let missing = folder.file("missing.pem").path
            let outcomes = [
                try await question(server, ["--cacert", missing]),
                try await question(server, environment: ["SSL_CERT_FILE": missing]),
            ]

            for outcome in outcomes {
                #expect(outcome.status == 64, "\(outcome)")
                #expect(outcome.stderr.contains(missing), "\(outcome)")
            }
            #expect(try await questionRequests(server) == 0)
        }
    }

    @Test func aPrivateKeyOthersCanReadIsRefusedAndAnOwnersKeyIsUsed() async throws {
        try await withTLSServer { server, folder in
            let ca = try #require(server.certificateAuthority)
            let client = try TestCertificateAuthority(in: folder.url, name: "Client Root", file: "client-ca")
                .issueClient(named: "client")
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: client.privateKey.path)
            let options = ["--cacert", ca.path, "--cert", client.certificate.path, "--key", client.privateKey.path]

            let open = try await question(server, options)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: client.privateKey.path)
            let owned = try await question(server, options)

            #expect(open.status == 64, "\(open)")
            #expect(open.stderr.contains("is readable by others"), "\(open)")
            #expect(open.stderr.contains("chmod 600 \(client.privateKey.path)"), "\(open)")
            #expect(owned.status == 0, "\(owned)")
        }
    }

    @Test func aWrongPinFailsWithoutARequestAndTheRightOnePasses() async throws {
        try await withTLSServer { server, folder in
            let ca = try #require(server.certificateAuthority)
            let stranger = try TestCertificateAuthority(in: folder.url, name: "Stranger", file: "stranger")
            let wrongPin = try TestCertificateAuthority.pin(of: stranger.certificate)

            let wrong = try await question(server, ["--cacert", ca.path, "--pinnedpubkey", wrongPin])
            let before = try await questionRequests(server, closedConnections: 1)
            let rightPin = try Self.pin(of: server)
            let right = try await question(server, ["--cacert", ca.path, "--pinnedpubkey", "\(wrongPin);\(rightPin)"])

            #expect(wrong.status == 1, "\(wrong)")
            #expect(
                wrong.stderr.contains("matches none of the --pinnedpubkey pins, so no request was sent"), "\(wrong)")
            #expect(before == 0)
            #expect(right.status == 0, "\(right)")
            #expect(try await questionRequests(server) == 1, "the count sees the request the right pin let through")
        }
    }

    @Test func tlsv13RefusesATLS12Server() async throws {
        try await withTLSServer(arguments: ["--tls-max-version", "1.2"]) { server, _ in
            let ca = try #require(server.certificateAuthority)

            let refused = try await question(server, ["--cacert", ca.path, "--tlsv1.3"])
            let allowed = try await question(server, ["--cacert", ca.path, "--tlsv1.2"])

            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("127.0.0.1 speaks no TLS version networking allows"), "\(refused)")
            #expect(allowed.status == 0, "\(allowed)")
        }
    }

    #if canImport(FoundationNetworking)
        @Test func urlSessionOnLinuxRefusesEachTLSOptionInWords() async throws {
            try await withTLSServer { server, _ in
                let ca = try #require(server.certificateAuthority)

                let outcome = try await NetworkingBinary.run(
                    ["question", id, "--transport", "urlsession", "--cacert", ca.path],
                    environment: server.environment())

                #expect(outcome.status == 64, "\(outcome)")
                #expect(outcome.stderr.contains("Unsupported TLS option --cacert"), "\(outcome)")
            }
        }
    #endif

    /// `openssl s_client` printed no certificate.
    private struct NoCertificate: Error {}

    /// A folder with `ca` under its subject hash, as `--capath` and `SSL_CERT_DIR` want it.
    private static func hashedFolder(of ca: URL, in folder: TemporaryDirectory) throws -> URL {
        let hashed = folder.file("capath")
        try FileManager.default.createDirectory(at: hashed, withIntermediateDirectories: true)
        let hash = String(
            decoding: try OpenSSL.run(["x509", "-in", ca.path, "-noout", "-subject_hash"]), as: UTF8.self
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.copyItem(at: ca, to: hashed.appendingPathComponent("\(hash).0"))
        return hashed
    }

    /// The pin of the certificate `server` presents, read from the handshake with `openssl s_client`.
    private static func pin(of server: DevServer) throws -> String {
        let port = server.port
        let chain = try OpenSSL.run(["s_client", "-connect", "127.0.0.1:\(port)", "-showcerts"], input: Data())
        let text = String(decoding: chain, as: UTF8.self)
        guard let start = text.range(of: "-----BEGIN CERTIFICATE-----"),
            let end = text.range(of: "-----END CERTIFICATE-----", range: start.upperBound..<text.endIndex)
        else { throw NoCertificate() }
        let folder = try TemporaryDirectory(prefix: "cli-tls-pin")
        let leaf = try folder.file("leaf.pem", contents: Data(text[start.lowerBound..<end.upperBound].utf8))
        return try TestCertificateAuthority.pin(of: leaf)
    }
}
