import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Request headers reach the server; response statuses, headers and bodies come back whatever the status.
@Suite("Contract: headers both ways and statuses")
struct HeaderContractTests {
    @Test("request headers arrive with their values", arguments: Transport.allCases)
    func requestHeaders(transport: Transport) async throws {
        let headers: HTTPHeaders = [
            "Accept": "application/json", "X-Request-ID": "42", "Authorization": "Bearer token",
            "X-Spaces": "a  b, c", "User-Agent": "contract/1.0",
        ]
        try await withClient(transport) { _, client in
            let echo = try await client.echo(devRequest(.get, "echo/headers", headers: headers))

            #expect(echo.header("Accept") == "application/json")
            #expect(echo.header("X-Request-ID") == "42")
            #expect(echo.header("Authorization") == "Bearer token")
            #expect(echo.header("X-Spaces") == "a  b, c")
            #expect(echo.header("User-Agent") == "contract/1.0")
            #expect(echo.values("X-Request-ID").count == 1)
        }
    }

    @Test("the Host header names the server's address and port", arguments: Transport.allCases)
    func host(transport: Transport) async throws {
        try await withClient(transport) { server, client in
            let echo = try await client.echo(devRequest(.get, "echo/host"))

            #expect(echo.header("Host") == "127.0.0.1:\(server.server.port)")
        }
    }

    @Test(
        "error statuses are returned, not thrown, with their headers and body",
        arguments: Transport.allCases, [400, 404, 429, 500, 503])
    func errorStatus(transport: Transport, status: Int) async throws {
        try await withClient(transport) { _, client in
            let (data, response) = try await client.load(
                request: devRequest(.get, "faults/status/\(status)", query: ["retry_after": "7", "body": "nope"]))

            #expect(response.statusCode == status)
            #expect(response.headers?["retry-after"] == "7")
            #expect(response.headers?["Server"] == "dev-server/1.0")
            #expect(data == Data("nope".utf8))
        }
    }

    @Test("204 and 304 come back with an empty body", arguments: Transport.allCases, [204, 304])
    func noBodyStatus(transport: Transport, status: Int) async throws {
        try await withClient(transport) { _, client in
            let (data, response) = try await client.load(request: devRequest(.get, "faults/status/\(status)"))

            #expect(response.statusCode == status)
            #expect(data.isEmpty)
        }
    }
}
