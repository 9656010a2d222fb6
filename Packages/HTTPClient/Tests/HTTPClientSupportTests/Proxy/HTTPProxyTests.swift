import Foundation
import HTTPClientSupport
import Testing

@Suite("HTTPProxy: curl's environment rules, explicit proxies, redacted credentials")
struct HTTPProxyTests {
    @Test("with an empty environment, .environment goes direct")
    func emptyEnvironment() throws {
        #expect(try HTTPProxy.environment.routes(environment: [:]) == .direct)
    }

    @Test("http uses http_proxy in lower case only; HTTP_PROXY is ignored")
    func httpProxyLowerCaseOnly() throws {
        let upper = try HTTPProxy.environment.routes(environment: ["HTTP_PROXY": "http://upper:1"])
        let lower = try HTTPProxy.environment.routes(environment: ["http_proxy": "http://lower:2"])

        #expect(upper.http == nil)
        #expect(lower.http?.url.absoluteString == "http://lower:2")
        #expect(lower.https == nil)
    }

    @Test("https uses https_proxy, else HTTPS_PROXY; the lower-case name wins")
    func httpsProxy() throws {
        let both = try HTTPProxy.environment.routes(
            environment: ["https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:2"])
        let upper = try HTTPProxy.environment.routes(environment: ["HTTPS_PROXY": "http://upper:2"])

        #expect(both.https?.url.absoluteString == "http://lower:1")
        #expect(upper.https?.url.absoluteString == "http://upper:2")
        #expect(upper.http == nil)
    }

    @Test("all_proxy or ALL_PROXY serves a scheme whose own variable is unset or empty")
    func allProxy() throws {
        let routes = try HTTPProxy.environment.routes(
            environment: ["ALL_PROXY": "http://all:3", "https_proxy": "", "http_proxy": "http://own:4"])

        #expect(routes.http?.url.absoluteString == "http://own:4")
        #expect(routes.https?.url.absoluteString == "http://all:3")
    }

    @Test("a proxy without a scheme is http")
    func schemelessProxy() throws {
        let routes = try HTTPProxy.environment.routes(environment: ["https_proxy": "proxy.local:3128"])

        #expect(routes.https?.url.absoluteString == "http://proxy.local:3128")
    }

    @Test("no_proxy (else NO_PROXY) names hosts and domains reached directly; * names every host")
    func noProxy() throws {
        let routes = try HTTPProxy.environment.routes(
            environment: [
                "https_proxy": "http://p:1", "no_proxy": "localhost, .example.com,10.0.0.1", "NO_PROXY": "*",
            ])
        let everything = try HTTPProxy.environment.routes(environment: ["https_proxy": "http://p:1", "NO_PROXY": "*"])

        #expect(routes.noProxy == ["localhost", ".example.com", "10.0.0.1"])
        #expect(routes.proxy(for: try #require(URL(string: "https://api.example.com/a"))) == nil)
        #expect(routes.proxy(for: try #require(URL(string: "https://example.com/"))) == nil)
        #expect(routes.proxy(for: try #require(URL(string: "https://10.0.0.1/"))) == nil)
        #expect(routes.proxy(for: try #require(URL(string: "https://notexample.com/"))) == routes.https)
        #expect(routes.proxy(for: try #require(URL(string: "http://localhost/"))) == nil)
        #expect(everything.proxy(for: try #require(URL(string: "https://anything.test/"))) == nil)
    }

    @Test(".direct goes direct whatever the environment says")
    func direct() throws {
        let routes = try HTTPProxy.direct.routes(environment: ["https_proxy": "http://p:1", "http_proxy": "http://p:1"])

        #expect(routes == .direct)
    }

    @Test(".url serves both schemes with the URL's credentials, percent-decoded, and no exceptions")
    func explicitURL() throws {
        let url = try #require(URL(string: "http://us%40er:p%3Ass@proxy.local:3128"))
        let routes = try HTTPProxy.url(url).routes(environment: ["no_proxy": "*", "https_proxy": "http://other:1"])

        #expect(routes.http == routes.https)
        #expect(routes.https?.url.absoluteString == "http://proxy.local:3128")
        #expect(routes.https?.user == "us@er")
        #expect(routes.https?.password == "p:ss")
        #expect(routes.noProxy.isEmpty)
    }

    @Test(
        "an unusable proxy URL throws invalidProxy without its credentials",
        arguments: ["ftp://u:secret@host:21", "http://u:secret@", "http://u:secret@host name"])
    func invalidProxy(text: String) throws {
        let error = #expect(throws: TransportConfigurationError.self) {
            try HTTPProxy.environment.routes(environment: ["https_proxy": text])
        }

        guard case .invalidProxy(let shown) = error else {
            Issue.record("expected invalidProxy, got \(String(describing: error))")
            return
        }
        #expect(!shown.contains("secret"))
        #expect(!(error?.description.contains("secret") ?? true))
    }

    @Test("descriptions never show proxy credentials")
    func redactedDescriptions() throws {
        let url = try #require(URL(string: "http://user:secret@proxy.local:3128"))
        let endpoint = try HTTPProxy.Endpoint(parsing: url.absoluteString)

        #expect(HTTPProxy.url(url).description == "http://[redacted]@proxy.local:3128")
        #expect(endpoint.description == "http://proxy.local:3128")
        #expect(!String(describing: endpoint).contains("secret"))
    }
}
