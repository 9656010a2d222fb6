import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@Suite("CurlClient end to end: response size limit and content decoding")
struct ResponseLimitEndToEndTests {
    @Test("a body announced past the limit by Content-Length throws responseTooLarge")
    func announcedTooLarge() async throws {
        try await withDevServer(maximumResponseBytes: 1000) { _, client in
            let error = await transportError {
                try await client.load(request: devRequest(.get, "faults/large", query: ["bytes": "1001"]))
            }

            #expect(error?.kind == .responseTooLarge)
            #expect(error?.matches(.responseTooLarge(limit: 1000)) == true)
        }
    }

    @Test("a body exactly at the limit arrives whole")
    func atLimit() async throws {
        try await withDevServer(maximumResponseBytes: 1000) { _, client in
            let (data, _) = try await client.load(request: devRequest(.get, "faults/large", query: ["bytes": "1000"]))

            #expect(data.count == 1000)
        }
    }

    @Test("a gzip body is counted decoded: a small bomb under the limit arrives inflated")
    func gzipCountedDecoded() async throws {
        try await withDevServer(maximumResponseBytes: 3_000_000) { _, client in
            let (data, response) = try await client.load(
                request: devRequest(.get, "faults/gzip-bomb", query: ["bytes": "2000000"]))

            #expect(data.count == 2_000_000)
            #expect(data.allSatisfy { $0 == 0 })
            #expect(response.headers?["X-Decoded-Length"] == "2000000")
        }
    }

    @Test("a 4 GiB gzip bomb against a 1 MiB limit throws responseTooLarge and the client goes on")
    func gzipBomb() async throws {
        try await withDevServer(maximumResponseBytes: 1 << 20) { _, client in
            let error = await transportError {
                try await client.load(request: devRequest(.get, "faults/gzip-bomb", query: ["bytes": "4294967296"]))
            }
            let echo = try await client.echo(devRequest(.get, "echo/after-bomb"))

            #expect(error?.kind == .responseTooLarge)
            #expect(error?.matches(.responseTooLarge(limit: 1 << 20)) == true)
            #expect(echo.path == "/echo/after-bomb")
        }
    }

    @Test("a body that says gzip but is not throws undecodableContent")
    func badGzip() async throws {
        try await withDevServer { _, client in
            let error = await transportError { try await client.load(request: devRequest(.get, "faults/bad-gzip")) }

            #expect(error?.kind == .undecodableContent)
            #expect(error?.curlCode == 61)
        }
    }
}
