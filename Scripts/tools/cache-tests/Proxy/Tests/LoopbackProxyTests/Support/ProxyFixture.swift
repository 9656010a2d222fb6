import DevServerSupport
import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import LoopbackProxy
import URLSessionInfrastructure

/// What an end-to-end test works with: the dev server, the proxy in front of it, a client for the proxy and the
/// server's admin routes.
struct ProxyFixture {
    let server: DevServer
    let proxy: LoopbackProxy
    /// A `URLSessionClient` whose base URL is the proxy, following no redirect.
    let client: URLSessionClient
    /// The dev server's admin routes, asked directly (not through the proxy).
    let admin: DevServerAdmin

    /// Starts the dev server and a proxy with the `cache-tests-proxy` chain in front of it (a `CachingHTTPClient`
    /// with a memory store over a `URLSessionClient` that follows no redirect), runs `body`, and stops both.
    static func run<T>(limits: LoopbackProxy.Limits = LoopbackProxy.Limits(), _ body: (ProxyFixture) async throws -> T)
        async throws -> T
    {
        try await DevServer.run { server in
            let origin = try URLSessionClient(baseURL: server.baseURL, redirects: .never)
            let cache = CachingHTTPClient(client: origin, store: MemoryHTTPCacheStore(), policy: HTTPCachePolicy())
            let proxy = try LoopbackProxy(client: cache, limits: limits)
            defer { proxy.stop() }
            let client = try URLSessionClient.ephemeral(baseURL: proxy.url, redirects: .never)
            let admin = DevServerAdmin(client: try URLSessionClient.ephemeral(baseURL: server.baseURL.absoluteString))
            return try await body(ProxyFixture(server: server, proxy: proxy, client: client, admin: admin))
        }
    }
}

/// A request to the origin's root, with no version segment.
func originRequest(
    _ method: HTTPMethod = .get, _ path: String, query: HTTPQueryParameter? = nil, headers: HTTPHeaders? = nil,
    body: Data? = nil
) -> TestRequest {
    TestRequest(method: method, path: path, version: "", headers: headers, queryParameter: query, body: body)
}
