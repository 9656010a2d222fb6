import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

/// Redirects between two loopback origins: 127.0.0.1 and 127.0.0.2 (each with its own port).
@Suite("End to end: redirect policy")
struct RedirectEndToEndTests {
    private static let credentials: HTTPHeaders = [
        "Authorization": "Bearer secret", "Proxy-Authorization": "Basic cHJveHk=", "Cookie": "session=1",
        "X-Request-ID": "42",
    ]

    @Test("a redirect to another origin arrives without Authorization, Proxy-Authorization and Cookie")
    func crossOriginDropsCredentials() async throws {
        try await withTwoOrigins { first, second in
            let client = try URLSessionClient.ephemeral(baseURL: first.baseURL.absoluteString)

            let echo = try await client.echo(redirect(to: second.url("echo/elsewhere")))

            #expect(echo.path == "/echo/elsewhere")
            #expect(echo.header("Host")?.hasPrefix("127.0.0.2:") == true)
            #expect(echo.header("Authorization") == nil)
            #expect(echo.header("Proxy-Authorization") == nil)
            #expect(echo.header("Cookie") == nil)
            #expect(echo.header("X-Request-ID") == "42")
        }
    }

    @Test("a redirect within the origin keeps the credentials")
    func sameOriginKeepsCredentials() async throws {
        try await withDevServer { server, client in
            let echo = try await client.echo(redirect(to: server.url("echo/same")))

            #expect(echo.path == "/echo/same")
            #expect(echo.header("Authorization") == "Bearer secret")
            #expect(echo.header("Cookie") == "session=1")
        }
    }

    @Test("never returns the 302 itself")
    func neverReturnsRedirect() async throws {
        try await withDevServer { server, _ in
            let client = try URLSessionClient.ephemeral(baseURL: server.baseURL.absoluteString, redirects: .never)

            let (_, response) = try await client.load(request: redirect(to: server.url("echo/same")))

            #expect(response.statusCode == 302)
            #expect(response.headers?["Location"] == server.url("echo/same"))
        }
    }

    @Test("sameOrigin follows within the origin and returns the 302 that leaves it")
    func sameOriginPolicy() async throws {
        try await withTwoOrigins { first, second in
            let client = try URLSessionClient.ephemeral(baseURL: first.baseURL.absoluteString, redirects: .sameOrigin)

            let within = try await client.echo(redirect(to: first.url("echo/same")))
            let (_, leaving) = try await client.load(request: redirect(to: second.url("echo/elsewhere")))

            #expect(within.path == "/echo/same")
            #expect(leaving.statusCode == 302)
            let reachedSecond = try await client.counter("route:GET /echo/elsewhere", on: second)
            #expect(reachedSecond == 0)
        }
    }

    @Test("a redirect loop throws tooManyRedirects")
    func loop() async throws {
        try await withDevServer { _, client in
            let error = await transportError {
                try await client.load(request: devRequest(.get, "faults/redirect-loop", query: ["n": "1"]))
            }

            guard case .tooManyRedirects(let message) = error else {
                Issue.record("expected tooManyRedirects, got \(String(describing: error))")
                return
            }
            guard case .loop(_, let url) = message as? RedirectError else {
                Issue.record("expected a redirect loop, got \(message)")
                return
            }
            #expect(url.absoluteString.contains("/faults/redirect-loop?n=1"))
        }
    }

    @Test("one redirect more than the limit throws tooManyRedirects; within the limit the chain is followed")
    func limit() async throws {
        try await withDevServer { server, _ in
            let twoHops = redirect(to: server.url("faults/redirect?to=%2Fecho%2Fend"))
            let strict = try URLSessionClient.ephemeral(
                baseURL: server.baseURL.absoluteString, redirects: .follow(max: 1))
            let enough = try URLSessionClient.ephemeral(
                baseURL: server.baseURL.absoluteString, redirects: .follow(max: 2))

            let error = await transportError { try await strict.load(request: twoHops) }
            let echo = try await enough.echo(twoHops)

            guard case .tooManyRedirects(let message) = error else {
                Issue.record("expected tooManyRedirects, got \(String(describing: error))")
                return
            }
            guard case .limitExceeded(let limit, _) = message as? RedirectError else {
                Issue.record("expected the redirect limit, got \(message)")
                return
            }
            #expect(limit == 1)
            #expect(echo.path == "/echo/end")
        }
    }

    private func redirect(to target: String) -> TestRequest {
        devRequest(.get, "faults/redirect", query: ["to": target, "status": "302"], headers: Self.credentials)
    }
}

extension DevServer {
    /// The absolute URL of `path` on this server.
    func url(_ path: String) -> String {
        baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/" + path
    }
}

extension URLSessionClient {
    /// The counter `key` of `server`, read through a client of its own.
    func counter(_ key: String, on server: DevServer) async throws -> Int {
        try await URLSessionClient.ephemeral(baseURL: server.baseURL.absoluteString).admin.count(key)
    }
}
