import Foundation
import HTTPClientSupport
import Testing

@testable import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionClient: proxy settings it can honour, and a typed refusal for the rest")
struct URLSessionClientProxyTests {
    private let base = URL(string: "https://example.com/")

    @Test(".environment is accepted, and an unusable proxy in it throws invalidProxy without credentials")
    func environment() throws {
        let base = try #require(base)
        _ = try URLSessionClient(
            baseURL: base, proxy: .environment, environment: ["https_proxy": "http://127.0.0.1:3128"])

        let error = #expect(throws: TransportConfigurationError.self) {
            try URLSessionClient(
                baseURL: base, proxy: .environment, environment: ["https_proxy": "ftp://u:secret@host:21"])
        }
        #expect(error == .invalidProxy("ftp://[redacted]@host:21"))
    }

    #if canImport(FoundationNetworking)
        @Test("on Linux .url throws unsupportedProxy, its credentials redacted, instead of going direct")
        func explicitURLOnLinux() throws {
            let base = try #require(base)
            let proxy = try #require(URL(string: "http://user:secret@127.0.0.1:3128"))

            let error = #expect(throws: TransportConfigurationError.self) {
                try URLSessionClient(baseURL: base, proxy: .url(proxy), environment: [:])
            }

            guard case .unsupportedProxy(let setting, _) = error else {
                Issue.record("expected unsupportedProxy, got \(String(describing: error))")
                return
            }
            #expect(setting == "http://[redacted]@127.0.0.1:3128")
            #expect(!(error?.description.contains("secret") ?? true))
        }

        @Test("on Linux .direct is accepted while the environment names no proxy, and refused when it does")
        func directOnLinux() throws {
            let base = try #require(base)
            _ = try URLSessionClient(baseURL: base, proxy: .direct, environment: ["HTTP_PROXY": "http://ignored:1"])

            let error = #expect(throws: TransportConfigurationError.self) {
                try URLSessionClient(baseURL: base, proxy: .direct, environment: ["ALL_PROXY": "http://p:1"])
            }
            guard case .unsupportedProxy("direct", _) = error else {
                Issue.record("expected unsupportedProxy, got \(String(describing: error))")
                return
            }
        }
    #else
        @Test("on Apple platforms .url and .direct become the connection proxy dictionary")
        func dictionaryOnApple() throws {
            let configuration = URLSessionConfiguration.ephemeral
            let proxy = try #require(URL(string: "http://127.0.0.1:3128"))

            try ProxyConfigurator.apply(.url(proxy), to: configuration, environment: [:])
            #expect(configuration.connectionProxyDictionary?["HTTPSProxy"] as? String == "127.0.0.1")
            #expect(configuration.connectionProxyDictionary?["HTTPSPort"] as? Int == 3128)
            try ProxyConfigurator.apply(.direct, to: configuration, environment: ["https_proxy": "http://p:1"])
            #expect(configuration.connectionProxyDictionary?.isEmpty == true)
        }
    #endif
}
