import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

@Suite("End to end: response size limit and content decoding")
struct ResponseLimitEndToEndTests {
    private static let mebibyte = 1_048_576

    @Test("a body announced past the limit by Content-Length throws responseTooLarge")
    func announcedTooLarge() async throws {
        try await withLimitedClient(maximumResponseBytes: Self.mebibyte) { client in
            let error = await transportError {
                try await client.load(request: devRequest(.get, "faults/large", query: ["bytes": "2000000"]))
            }

            #expect(error?.matches(.responseTooLarge(limit: Self.mebibyte)) == true)
        }
    }

    @Test("a body up to the limit arrives whole")
    func withinLimit() async throws {
        try await withLimitedClient(maximumResponseBytes: Self.mebibyte) { client in
            let (data, _) = try await client.load(
                request: devRequest(.get, "faults/large", query: ["bytes": "\(Self.mebibyte)"]))

            #expect(data.count == Self.mebibyte)
        }
    }

    @Test("a gzip body is counted decoded: a small bomb under the limit arrives inflated")
    func gzipCountedDecoded() async throws {
        try await withLimitedClient(maximumResponseBytes: 4 * Self.mebibyte) { client in
            let (data, response) = try await client.load(
                request: devRequest(.get, "faults/gzip-bomb", query: ["bytes": "\(2 * Self.mebibyte)"]))

            #expect(data.count == 2 * Self.mebibyte)
            #expect(response.headers?["X-Decoded-Length"] == "\(2 * Self.mebibyte)")
            #expect(Int(response.headers?["Content-Length"] ?? "") ?? .max < Self.mebibyte / 100)
        }
    }

    @Test("a 512 MiB gzip bomb against a 1 MiB limit throws responseTooLarge")
    func gzipBomb() async throws {
        try await withLimitedClient(maximumResponseBytes: Self.mebibyte) { client in
            let error = await transportError {
                try await client.load(request: devRequest(.get, "faults/gzip-bomb", query: ["bytes": "536870912"]))
            }

            #expect(error?.matches(.responseTooLarge(limit: Self.mebibyte)) == true)
        }
    }

    @Test("a body that says gzip but is not throws undecodableContent")
    func badGzip() async throws {
        try await withDevServer { _, client in
            let error = await transportError { try await client.load(request: devRequest(.get, "faults/bad-gzip")) }

            guard case .undecodableContent = error else {
                Issue.record("expected undecodableContent, got \(String(describing: error))")
                return
            }
        }
    }

    private func withLimitedClient(
        maximumResponseBytes: Int, _ body: (URLSessionClient) async throws -> Void
    ) async throws {
        try await DevServer.run { server in
            let client = try URLSessionClient.ephemeral(
                baseURL: server.baseURL.absoluteString, maximumResponseBytes: maximumResponseBytes)
            try await body(client)
        }
    }
}
