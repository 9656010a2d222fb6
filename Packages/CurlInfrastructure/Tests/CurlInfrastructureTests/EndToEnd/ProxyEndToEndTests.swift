import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import CurlInfrastructure

/// CurlClient through a forward proxy on loopback: the origin's head, never the proxy's, for `https` tunnelled
/// with `CONNECT` and for `http` forwarded in absolute form; the proxy from `.url` or from an injected
/// environment; credentials sent and never shown.
@Suite("CurlClient through a proxy", .timeLimit(.minutes(1)))
struct ProxyEndToEndTests {
    @Test("over a CONNECT tunnel an HTTPS 404 is a 404 with the origin's fields, and a redirect is followed")
    func tunnelledStatuses() async throws {
        try await ConnectProxy.run(httpsOrigin: true) { proxy in
            let origin = try #require(proxy.origin)
            let client = try CurlClient(
                baseURL: origin.baseURL, certificateAuthorities: origin.certificate, proxy: .url(proxy.url))

            let (missing, missingResponse) = try await client.load(request: devRequest(.get, "missing"))
            let (target, targetResponse) = try await client.load(request: devRequest(.get, "moved"))

            #expect(missingResponse.statusCode == 404)
            #expect(String(decoding: missing, as: UTF8.self) == "missing")
            #expect(missingResponse.headers?.contains("X-Connect-Proxy") == false)
            #expect(missingResponse.headers?["Content-Type"] == "text/plain")
            #expect(targetResponse.statusCode == 200)
            #expect(String(decoding: target, as: UTF8.self) == "ok /target")
            let counts = try await proxy.counts(with: CurlClient(baseURL: proxy.url, proxy: .direct))
            let port = try #require(origin.baseURL.port)
            #expect(!counts.connect.isEmpty)
            #expect(counts.connect.allSatisfy { $0 == "127.0.0.1:\(port)" }, "\(counts)")
        }
    }

    @Test("a plain-HTTP request goes to the proxy in absolute form")
    func forwardedHTTP() async throws {
        try await ConnectProxy.run { proxy in
            try await DevServer.run { server in
                let client = try CurlClient(baseURL: server.baseURL, proxy: .url(proxy.url))

                let (_, response) = try await client.load(request: devRequest(.get, "status/404"))

                #expect(response.statusCode == 404)
                let counts = try await proxy.counts(with: CurlClient(baseURL: proxy.url, proxy: .direct))
                #expect(counts.forward == [server.baseURL.absoluteString + "/status/404"])
            }
        }
    }

    @Test(".environment takes https_proxy from the injected environment, and no_proxy skips it")
    func environment() async throws {
        try await ConnectProxy.run(httpsOrigin: true) { proxy in
            let origin = try #require(proxy.origin)
            let proxied = try CurlClient(
                baseURL: origin.baseURL, certificateAuthorities: origin.certificate, proxy: .environment,
                environment: ["HTTPS_PROXY": proxy.url.absoluteString])
            let bypassing = try CurlClient(
                baseURL: origin.baseURL, certificateAuthorities: origin.certificate, proxy: .environment,
                environment: ["https_proxy": proxy.url.absoluteString, "no_proxy": "localhost,127.0.0.1"])
            let direct = try CurlClient(baseURL: proxy.url, proxy: .direct)

            _ = try await bypassing.load(request: devRequest(.get, "direct"))
            let afterBypass = try await proxy.counts(with: direct)
            let (_, response) = try await proxied.load(request: devRequest(.get, "missing"))
            let afterProxied = try await proxy.counts(with: direct)

            #expect(afterBypass.connect.isEmpty)
            #expect(response.statusCode == 404)
            #expect(afterProxied.connect.count == 1)
        }
    }

    @Test("credentials in the proxy URL are sent; wrong ones fail without showing the password")
    func credentials() async throws {
        try await ConnectProxy.run(credentials: "user:p@ss", httpsOrigin: true) { proxy in
            let origin = try #require(proxy.origin)
            let port = try #require(proxy.url.port)
            let good = try #require(URL(string: "http://user:p%40ss@127.0.0.1:\(port)"))
            let bad = try #require(URL(string: "http://user:wrong-secret@127.0.0.1:\(port)"))
            let client = try CurlClient(
                baseURL: origin.baseURL, certificateAuthorities: origin.certificate, proxy: .url(good))
            let refused = try CurlClient(
                baseURL: origin.baseURL, certificateAuthorities: origin.certificate, proxy: .url(bad))

            let (_, response) = try await client.load(request: devRequest(.get, "missing"))
            let error = await #expect(throws: HTTPTransportError.self) {
                try await refused.load(request: devRequest(.get, "missing"))
            }

            #expect(response.statusCode == 404)
            #expect(try await proxy.counts(with: CurlClient(baseURL: proxy.url, proxy: .direct)).refused == 1)
            let text = String(describing: error) + (error?.localizedDescription ?? "")
            #expect(!text.contains("wrong-secret"), "\(text)")
        }
    }

    @Test("an unusable proxy URL fails creation with its credentials redacted")
    func invalidProxy() throws {
        let url = try #require(URL(string: "ftp://user:secret@proxy.local:21"))
        let base = try #require(URL(string: "https://example.com/"))

        #expect(throws: TransportConfigurationError.invalidProxy("ftp://[redacted]@proxy.local:21")) {
            try CurlClient(baseURL: base, proxy: .url(url))
        }
    }
}
