import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Content encodings: offered, decoded, and refused when the body is not what its header says.
@Suite("Contract: encodings")
struct ContentEncodingContractTests {
    @Test("the request offers gzip in Accept-Encoding", arguments: Transport.allCases)
    func offersGzip(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            let echo = try await client.echo(devRequest(.get, "echo/accept-encoding"))

            let offered = (echo.header("Accept-Encoding") ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            #expect(offered.contains { $0 == "gzip" || $0.hasPrefix("gzip;") })
        }
    }

    @Test("a gzip response arrives decoded, with its Content-Encoding header", arguments: Transport.allCases)
    func gzip(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            let (data, response) = try await client.load(request: devRequest(.get, "echo/gzip", query: ["gzip": "1"]))

            let echo = try JSONDecoder().decode(DevServerEcho.self, from: data)
            #expect(echo.path == "/echo/gzip")
            #expect(response.headers?["Content-Encoding"] == "gzip")
        }
    }

    @Test("a body that says gzip but is not throws undecodableContent", arguments: Transport.allCases)
    func badGzip(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.get, "faults/bad-gzip"))
            }

            #expect(error.kind == .undecodableContent)
        }
    }
}
