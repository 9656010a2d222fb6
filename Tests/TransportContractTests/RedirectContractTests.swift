import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Redirects by `RedirectPolicy`, within one origin and across two: 127.0.0.1 and 127.0.0.2.
@Suite("Contract: redirects")
struct RedirectContractTests {
    private static let credentials: HTTPHeaders = [
        "Authorization": "Bearer secret", "Proxy-Authorization": "Basic cHJveHk=", "Cookie": "session=1",
        "X-Request-ID": "42",
    ]

    @Test("a GET follows every redirect status to the final response", arguments: Transport.allCases, redirects)
    func followsRedirect(transport: Transport, status: Int) async throws {
        try await withClient(transport) { _, client in
            let echo = try await client.echo(redirect(.get, to: "/echo/after", status: status))

            #expect(echo.method == "GET")
            #expect(echo.path == "/echo/after")
        }
    }

    @Test(
        "a POST redirected with 301, 302 or 303 becomes a GET without a body", arguments: Transport.allCases,
        [301, 302, 303])
    func postBecomesGet(transport: Transport, status: Int) async throws {
        try await withClient(transport) { _, client in
            let echo = try await client.echo(redirect(.post, to: "/echo/after", status: status, body: Data("b".utf8)))

            #expect(echo.method == "GET")
            #expect(echo.path == "/echo/after")
            #expect(echo.body.isEmpty)
            #expect(echo.header("Content-Length") == nil || echo.header("Content-Length") == "0")
        }
    }

    @Test("a POST redirected with 307 or 308 keeps its method and body", arguments: Transport.allCases, [307, 308])
    func postKeepsMethod(transport: Transport, status: Int) async throws {
        let body = Data("keep me".utf8)
        try await withClient(transport) { _, client in
            let echo = try await client.echo(redirect(.post, to: "/echo/after", status: status, body: body))

            #expect(echo.method == "POST")
            #expect(echo.path == "/echo/after")
            try await transport.expecting(.redirectDropsBody) { #expect(echo.body == body) }
        }
    }

    @Test(
        "a redirect to another origin arrives without Authorization, Proxy-Authorization and Cookie",
        arguments: Transport.allCases)
    func crossOriginDropsCredentials(transport: Transport) async throws {
        try await withTwoOrigins(transport) { first, second in
            let client = try first.client()

            let echo = try await client.echo(redirect(to: second.url("echo/elsewhere")))

            #expect(echo.path == "/echo/elsewhere")
            #expect(echo.header("Host") == "127.0.0.2:\(second.server.port)")
            #expect(echo.header("Authorization") == nil)
            #expect(echo.header("Proxy-Authorization") == nil)
            #expect(echo.header("Cookie") == nil)
            #expect(echo.header("X-Request-ID") == "42")
        }
    }

    @Test(
        "credentials stay removed when a later redirect comes back to the first origin", arguments: Transport.allCases)
    func credentialsStayRemoved(transport: Transport) async throws {
        try await withTwoOrigins(transport) { first, second in
            let client = try first.client()
            let back = first.url("echo/back")
            let away = second.url(
                "faults/redirect?to=\(back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")

            let echo = try await client.echo(redirect(to: away))

            #expect(echo.path == "/echo/back")
            #expect(echo.header("Authorization") == nil)
            #expect(echo.header("Cookie") == nil)
        }
    }

    @Test("a redirect within the origin keeps the credentials", arguments: Transport.allCases)
    func sameOriginKeepsCredentials(transport: Transport) async throws {
        try await withClient(transport) { server, client in
            let echo = try await client.echo(redirect(to: server.url("echo/same")))

            #expect(echo.path == "/echo/same")
            #expect(echo.header("Authorization") == "Bearer secret")
            #expect(echo.header("Proxy-Authorization") == "Basic cHJveHk=")
            #expect(echo.header("Cookie") == "session=1")
        }
    }

    @Test(
        "the response names the URL that answered it, after a redirect to another origin", arguments: Transport.allCases
    )
    func responseNamesTheURLThatAnswered(transport: Transport) async throws {
        try await withTwoOrigins(transport) { first, second in
            let client = try first.client()
            let target = second.url("echo/elsewhere")

            let (_, loaded) = try await client.load(request: redirect(to: target))
            let streamed = try await client.stream(request: redirect(to: target), body: nil, progress: nil) {
                response, _ in response
            }

            #expect(loaded.url?.absoluteString == target)
            #expect(streamed.url?.absoluteString == target)
        }
    }

    @Test("never returns the 302 itself, with its Location", arguments: Transport.allCases)
    func neverReturnsRedirect(transport: Transport) async throws {
        try await withClient(transport, ClientOptions(redirects: .never)) { server, client in
            let (_, response) = try await client.load(request: redirect(to: server.url("echo/same")))

            #expect(response.statusCode == 302)
            #expect(response.headers?["Location"] == server.url("echo/same"))
            let seen = try await server.admin.count("route:GET /echo/same")
            #expect(seen == 0)
        }
    }

    @Test("sameOrigin follows within the origin and returns the 302 that leaves it", arguments: Transport.allCases)
    func sameOriginPolicy(transport: Transport) async throws {
        try await withTwoOrigins(transport) { first, second in
            let client = try first.client(ClientOptions(redirects: .sameOrigin))

            let within = try await client.echo(redirect(to: first.url("echo/same")))
            let (_, leaving) = try await client.load(request: redirect(to: second.url("echo/elsewhere")))

            #expect(within.path == "/echo/same")
            #expect(leaving.statusCode == 302)
            let seen = try await second.admin.count("route:GET /echo/elsewhere")
            #expect(seen == 0)
        }
    }

    @Test("a redirect loop throws tooManyRedirects", arguments: Transport.allCases)
    func loop(transport: Transport) async throws {
        try await withClient(transport) { server, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.get, "faults/redirect-loop", query: ["n": "1"]))
            }

            #expect(error.kind == .tooManyRedirects)
            let seen = try await server.admin.count("route:GET /faults/redirect-loop")
            #expect(seen <= 11)
        }
    }

    @Test(
        "one redirect past the limit throws tooManyRedirects; within it the chain is followed",
        arguments: Transport.allCases)
    func limit(transport: Transport) async throws {
        try await ContractServer.run(transport) { server in
            let twoHops = redirect(to: server.url("faults/redirect?to=%2Fecho%2Fend"))
            let strict = try server.client(ClientOptions(redirects: .follow(max: 1)))
            let enough = try server.client(ClientOptions(redirects: .follow(max: 2)))

            let error = await #expect(throws: HTTPTransportError.self) { try await strict.load(request: twoHops) }
            let echo = try await enough.echo(twoHops)

            #expect(error.kind == .tooManyRedirects)
            #expect(echo.path == "/echo/end")
            let seen = try await server.admin.count("route:GET /echo/end")
            #expect(seen == 1)
        }
    }

    private static let redirects = [301, 302, 303, 307, 308]

    private func redirect(
        _ method: HTTPMethod = .get, to target: String, status: Int = 302, body: Data? = nil
    ) -> TestRequest {
        devRequest(
            method, "faults/redirect", query: ["to": target, "status": "\(status)"], headers: Self.credentials,
            body: body)
    }
}
