import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

@Suite("End to end: what reaches the server")
struct EchoEndToEndTests {
    @Test("sends method, headers and body", arguments: [HTTPMethod.post, .put, .patch, .delete, .options])
    func sendsBody(method: HTTPMethod) async throws {
        try await withDevServer { _, client in
            let body = Data("{\"method\":\"\(method.name)\",\"bytes\":\"\u{00}\u{FF}é\"}".utf8)
            let echo = try await client.echo(
                devRequest(
                    method, "echo/body", headers: ["X-Request-ID": "42", "Content-Type": "application/json"],
                    body: body))

            #expect(echo.method == method.name)
            #expect(echo.body == body)
            #expect(echo.header("X-Request-ID") == "42")
            #expect(echo.header("Content-Type") == "application/json")
        }
    }

    @Test("GET sends headers and no body")
    func get() async throws {
        try await withDevServer { _, client in
            let echo = try await client.echo(devRequest(.get, "echo/get", headers: ["Accept": "application/json"]))

            #expect(echo.method == "GET")
            #expect(echo.body.isEmpty)
            #expect(echo.header("Accept") == "application/json")
        }
    }

    @Test("HEAD returns the headers and no body")
    func head() async throws {
        try await withDevServer { _, client in
            let (data, response) = try await client.load(request: devRequest(.head, "echo/head"))

            #expect(response.statusCode == 200)
            #expect(data.isEmpty)
            #expect(response.headers?["content-type"] == "application/json; charset=utf-8")
            #expect(Int(response.headers?["Content-Length"] ?? "") ?? 0 > 0)
        }
    }

    @Test("query names and values survive the round trip, sorted by name")
    func queryRoundTrip() async throws {
        let parameters = [
            "q": "a&b=c+d/e f?g#h%i", "ñame": "日本語 ✓", "empty": "", "plus+": "+", "=": "=", "a b": "c d",
            "pct": "%41%", "slash/": "/",
        ]
        try await withDevServer { _, client in
            let echo = try await client.echo(devRequest(.get, "echo/query", query: parameters))

            let expected = parameters.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }
            #expect(echo.queryItems == expected)
        }
    }

    @Test("path segments arrive percent-encoded, never as query or fragment")
    func pathEncoding() async throws {
        try await withDevServer { _, client in
            let echo = try await client.echo(devRequest(.get, "/echo/a b/é/x?y#z/100%/semi;colon/"))

            #expect(echo.path == "/echo/a%20b/%C3%A9/x%3Fy%23z/100%25/semi;colon/")
            #expect(echo.query.isEmpty)
        }
    }

    @Test("a base URL with its own path keeps it before the version and path")
    func basePathPrefix() async throws {
        try await DevServer.run { server in
            let client = try URLSessionClient.ephemeral(baseURL: server.baseURL.absoluteString + "/echo/prefix/")

            let echo = try await client.echo(TestRequest(path: "/items/", version: "v2"))

            #expect(echo.path == "/echo/prefix/v2/items/")
        }
    }

    @Test("gzip-compressed responses arrive decoded")
    func gzip() async throws {
        try await withDevServer { _, client in
            let (data, response) = try await client.load(request: devRequest(.get, "echo/gzip", query: ["gzip": "1"]))

            let echo = try JSONDecoder().decode(DevServerEcho.self, from: data)
            #expect(echo.path == "/echo/gzip")
            #expect(response.headers?["Content-Encoding"] == "gzip")
        }
    }

    @Test("error statuses are returned with their headers and body", arguments: [404, 429, 503])
    func errorStatus(status: Int) async throws {
        try await withDevServer { _, client in
            let (data, response) = try await client.load(
                request: devRequest(.get, "faults/status/\(status)", query: ["retry_after": "7", "body": "nope"]))

            #expect(response.statusCode == status)
            #expect(response.headers?["retry-after"] == "7")
            #expect(response.headers?["Server"] == "dev-server/1.0")
            #expect(data == Data("nope".utf8))
        }
    }
}
