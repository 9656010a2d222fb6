import Foundation
import HTTPClientSupport
import Testing

@testable import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionClient: TLS options it can honour, and a typed refusal naming each it cannot")
struct URLSessionClientTLSTests {
    private let base = URL(string: "https://example.com/")

    @Test("standard options are accepted")
    func standard() throws {
        _ = try URLSessionClient(baseURL: try #require(base), proxy: .direct, tls: TLSOptions())
    }

    #if !canImport(Darwin)
        @Test(
            "on Linux each option throws unsupportedTLSOption naming it as curl does",
            arguments: try [
                (TLSOptions(trust: .only(.init(file: URL(fileURLWithPath: "/tmp/ca.pem")))), "--cacert"),
                (TLSOptions(trust: .systemAnd(.init(file: URL(fileURLWithPath: "/tmp/ca.pem")))), "--cacert"),
                (TLSOptions(trust: .systemAnd(.init(folder: URL(fileURLWithPath: "/tmp/cas")))), "--capath"),
                (
                    TLSOptions(pinnedKeys: [.init(sha256: Data(repeating: 0, count: 32))]),
                    "--pinnedpubkey"
                ),
                (
                    TLSOptions(
                        clientIdentity: .init(
                            certificate: URL(fileURLWithPath: "/tmp/c.pem"),
                            privateKey: URL(fileURLWithPath: "/tmp/k.pem"))),
                    "--cert/--key"
                ),
                (TLSOptions(minimumVersion: .tls12), "--tlsv1.2"),
                (TLSOptions(minimumVersion: .tls13), "--tlsv1.3"),
            ])
        func refusedOnLinux(options: TLSOptions, option: String) throws {
            let base = try #require(base)

            let error = #expect(throws: TransportConfigurationError.self) {
                try URLSessionClient(baseURL: base, proxy: .direct, tls: options)
            }

            guard case .unsupportedTLSOption(let named, let reason) = error else {
                Issue.record("expected unsupportedTLSOption, got \(String(describing: error))")
                return
            }
            #expect(named == option)
            #expect(reason.contains("cannot"))
            #expect(reason.contains("CurlClient"))
        }
    #endif
}
