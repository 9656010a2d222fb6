import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// What a transport makes of the request's base URL, version, path and query.
@Suite("Contract: URLs and queries")
struct RequestURLContractTests {
    @Test("query names and values survive the round trip, sorted by name", arguments: Transport.allCases)
    func queryRoundTrip(transport: Transport) async throws {
        let parameters = [
            "q": "a&b=c+d/e f?g#h%i", "ñame": "日本語 ✓", "empty": "", "plus+": "+", "=": "=", "a b": "c d",
            "pct": "%41%", "slash/": "/",
        ]
        try await withClient(transport) { _, client in
            let echo = try await client.echo(devRequest(.get, "echo/query", query: parameters))

            let expected = parameters.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }
            #expect(echo.queryItems == expected)
        }
    }

    @Test("path segments arrive percent-encoded, never as query or fragment", arguments: Transport.allCases)
    func pathEncoding(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            let echo = try await client.echo(devRequest(.get, "/echo/a b/é/x?y#z/100%/semi;colon/"))

            #expect(echo.path == "/echo/a%20b/%C3%A9/x%3Fy%23z/100%25/semi;colon/")
            #expect(echo.query.isEmpty)
        }
    }

    @Test("a base URL with its own path keeps it before the version and path", arguments: Transport.allCases)
    func basePathPrefix(transport: Transport) async throws {
        try await ContractServer.run(transport) { server in
            let baseURL = try #require(URL(string: server.url("echo/prefix/")))
            let client = try transport.makeClient(baseURL: baseURL)

            let echo = try await client.echo(TestRequest(path: "/items/", version: "v2"))

            #expect(echo.path == "/echo/prefix/v2/items/")
        }
    }
}
