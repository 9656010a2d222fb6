import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Redirects between two loopback origins: 127.0.0.1 and 127.0.0.2 (each with its own port).
@Suite("CurlClient end to end: redirects")
struct RedirectEndToEndTests {
    private static let credentials: HTTPHeaders = [
        "Authorization": "Bearer secret", "Proxy-Authorization": "Basic cHJveHk=", "Cookie": "session=1",
        "X-Request-ID": "42",
    ]

    @Test("GET redirects are followed to the final response", arguments: [301, 302, 303, 307, 308])
    func followsRedirect(status: Int) async throws {
        try await withDevServer { _, client in
            let echo = try await client.echo(
                devRequest(.get, "faults/redirect", query: ["to": "/echo/after", "status": "\(status)"]))

            #expect(echo.method == "GET")
            #expect(echo.path == "/echo/after")
        }
    }

    @Test("a POST redirected with 301, 302 or 303 becomes a GET without the body", arguments: [301, 302, 303])
    func postBecomesGet(status: Int) async throws {
        try await withDevServer { _, client in
            let echo = try await client.echo(
                devRequest(
                    .post, "faults/redirect", query: ["to": "/echo/after", "status": "\(status)"],
                    body: Data("b".utf8)))

            #expect(echo.method == "GET")
            #expect(echo.body.isEmpty)
        }
    }

    @Test("a POST redirected with 307 or 308 keeps its method and body", arguments: [307, 308])
    func postKeepsBody(status: Int) async throws {
        try await withDevServer { _, client in
            let body = Data("keep me".utf8)
            let echo = try await client.echo(
                devRequest(.post, "faults/redirect", query: ["to": "/echo/after", "status": "\(status)"], body: body))

            #expect(echo.method == "POST")
            #expect(echo.body == body)
        }
    }

    @Test("a redirect to another origin arrives without Authorization, Proxy-Authorization and Cookie")
    func crossOriginDropsCredentials() async throws {
        try await withTwoOrigins { first, second in
            let client = try CurlClient(baseURL: first.baseURL)

            let echo = try await client.echo(redirect(to: second.url("echo/elsewhere")))

            #expect(echo.path == "/echo/elsewhere")
            #expect(echo.header("Host")?.hasPrefix("127.0.0.2:") == true)
            #expect(echo.header("Authorization") == nil)
            #expect(echo.header("Proxy-Authorization") == nil)
            #expect(echo.header("Cookie") == nil)
            #expect(echo.header("X-Request-ID") == "42")
        }
    }

    @Test("credentials stay removed when a later redirect comes back to the first origin")
    func credentialsStayRemoved() async throws {
        try await withTwoOrigins { first, second in
            let client = try CurlClient(baseURL: first.baseURL)
            let back = first.url("echo/back")
            let away = second.url(
                "faults/redirect?to=\(back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")

            let echo = try await client.echo(redirect(to: away))

            #expect(echo.path == "/echo/back")
            #expect(echo.header("Authorization") == nil)
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
        try await withDevServer(redirects: .never) { server, client in
            let (_, response) = try await client.load(request: redirect(to: server.url("echo/same")))

            #expect(response.statusCode == 302)
            #expect(response.headers?["Location"] == server.url("echo/same"))
        }
    }

    @Test("sameOrigin follows within the origin and returns the 302 that leaves it")
    func sameOriginPolicy() async throws {
        try await withTwoOrigins { first, second in
            let client = try CurlClient(baseURL: first.baseURL, redirects: .sameOrigin)

            let within = try await client.echo(redirect(to: first.url("echo/same")))
            let (_, leaving) = try await client.load(request: redirect(to: second.url("echo/elsewhere")))

            #expect(within.path == "/echo/same")
            #expect(leaving.statusCode == 302)
            let reachedSecond = try await second.admin().count("route:GET /echo/elsewhere")
            #expect(reachedSecond == 0)
        }
    }

    @Test("a redirect loop throws tooManyRedirects")
    func loop() async throws {
        try await withDevServer { _, client in
            let error = await transportError {
                try await client.load(request: devRequest(.get, "faults/redirect-loop", query: ["n": "1"]))
            }

            #expect(error?.kind == .tooManyRedirects)
            guard case .loop(_, let url)? = error?.redirectError else {
                Issue.record("expected a redirect loop, got \(String(describing: error))")
                return
            }
            #expect(url.path == "/faults/redirect-loop" && url.query == "n=1")
        }
    }

    @Test("one redirect more than the limit throws tooManyRedirects; within the limit the chain is followed")
    func limit() async throws {
        try await withDevServer { server, _ in
            let twoHops = redirect(to: server.url("faults/redirect?to=%2Fecho%2Fend"))
            let strict = try CurlClient(baseURL: server.baseURL, redirects: .follow(max: 1))
            let enough = try CurlClient(baseURL: server.baseURL, redirects: .follow(max: 2))

            let error = await transportError { try await strict.load(request: twoHops) }
            let echo = try await enough.echo(twoHops)

            #expect(error?.kind == .tooManyRedirects)
            guard case .limitExceeded(let limit, let url)? = error?.redirectError else {
                Issue.record("expected the redirect limit to be exceeded, got \(String(describing: error))")
                return
            }
            #expect(limit == 1 && url.path == "/echo/end")
            #expect(echo.path == "/echo/end")
        }
    }

    private func redirect(to target: String) -> TestRequest {
        devRequest(.get, "faults/redirect", query: ["to": target, "status": "302"], headers: Self.credentials)
    }
}
