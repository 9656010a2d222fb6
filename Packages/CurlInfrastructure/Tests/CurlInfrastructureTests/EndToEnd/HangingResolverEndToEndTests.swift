import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import CurlInfrastructure

/// A request whose name never resolves neither holds up the client's other transfers nor waits for libcurl's
/// resolver thread when it ends. Enabled only inside `Scripts/hanging-resolver` (see ``HangingResolver``).
///
/// The waiting request reaches the hanging name through a proxy: the client's environment sends every origin
/// but 127.0.0.1 through `http://<name>:3128`, and the dev server redirects to 127.0.0.2. The resolver waits
/// 30 s per try, 5 tries, so a removal that joined its thread would run past the time limit.
@Suite(
    "CurlClient end to end: a resolver that never answers", .enabled(if: HangingResolver.fromEnvironment != nil),
    .serialized, .timeLimit(.minutes(1)))
struct HangingResolverEndToEndTests {
    @Test("a load cancelled while its name resolves ends cancelled, and 20 concurrent loads complete")
    func cancelWhileResolving() async throws {
        let resolver = try #require(HangingResolver.fromEnvironment)
        let proxy = "cancelled.\(resolver.domain)"
        try await DevServer.run(client: Self.client(proxy: proxy, requestTimeout: 120)) { server, client in
            let request = Self.redirectToProxied(server)
            let hanging = Task { try await client.load(request: request) }
            try await resolver.waitForQuery(proxy)

            hanging.cancel()

            let error = await #expect(throws: HTTPTransportError.self) { try await hanging.value }
            #expect(error?.kind == .cancelled)
            try await Self.loadTwentyConcurrently(client)
        }
    }

    @Test("a load that times out while its name resolves ends timedOut, and 20 concurrent loads complete")
    func timeOutWhileResolving() async throws {
        let resolver = try #require(HangingResolver.fromEnvironment)
        let proxy = "timeout.\(resolver.domain)"
        try await DevServer.run(client: Self.client(proxy: proxy, requestTimeout: 2)) { server, client in
            let request = Self.redirectToProxied(server)
            let hanging = Task { try await client.load(request: request) }
            try await resolver.waitForQuery(proxy)

            let error = await #expect(throws: HTTPTransportError.self) { try await hanging.value }
            #expect(error?.kind == .timedOut)
            try await Self.loadTwentyConcurrently(client)
        }
    }

    /// A client that reaches 127.0.0.1 directly and every other origin through the proxy `name`.
    private static func client(proxy name: String, requestTimeout: TimeInterval) -> (URL) throws -> CurlClient {
        { baseURL in
            try CurlClient(
                baseURL: baseURL, requestTimeout: requestTimeout, proxy: .environment,
                environment: ["http_proxy": "http://\(name):3128", "no_proxy": "127.0.0.1"])
        }
    }

    /// A redirect to the dev server's port on 127.0.0.2, which the client reaches through its proxy.
    private static func redirectToProxied(_ server: DevServer) -> TestRequest {
        devRequest(.get, "faults/redirect", query: ["to": "http://127.0.0.2:\(server.port)/echo/proxied"])
    }

    /// Twenty loads at once on `client`, each of which must come back with the server's echo.
    private static func loadTwentyConcurrently(_ client: CurlClient) async throws {
        try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<20 {
                group.addTask { try await client.echo(devRequest(.get, "echo/concurrent/\(index)")).path }
            }
            var paths: Set<String> = []
            for try await path in group { paths.insert(path) }
            #expect(paths == Set((0..<20).map { "/echo/concurrent/\($0)" }))
        }
    }
}
