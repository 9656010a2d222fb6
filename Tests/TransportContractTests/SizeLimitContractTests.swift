import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// The response size limit, counted after content decoding, and a decompression bomb.
@Suite("Contract: size limits")
struct SizeLimitContractTests {
    private static let mebibyte = 1_048_576
    private static let limited = ClientOptions(maximumResponseBytes: mebibyte)

    @Test("a body announced past the limit by Content-Length throws responseTooLarge", arguments: Transport.allCases)
    func announcedTooLarge(transport: Transport) async throws {
        try await withClient(transport, Self.limited) { _, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.get, "faults/large", query: ["bytes": "2000000"]))
            }

            expectTooLarge(error, limit: Self.mebibyte)
        }
    }

    @Test("HEAD of a 100 MB resource under a 1 MiB limit succeeds: no body comes", arguments: Transport.allCases)
    func headOfLargeResource(transport: Transport) async throws {
        try await withClient(transport, Self.limited) { _, client in
            let (data, response) = try await client.load(
                request: devRequest(.head, "faults/large-head", query: ["bytes": "100000000"]))

            #expect(response.statusCode == 200)
            #expect(response.headers?["Content-Length"] == "100000000")
            #expect(data.isEmpty)
        }
    }

    @Test("a body of exactly the limit arrives whole", arguments: Transport.allCases)
    func withinLimit(transport: Transport) async throws {
        try await withClient(transport, Self.limited) { _, client in
            let (data, _) = try await client.load(
                request: devRequest(.get, "faults/large", query: ["bytes": "\(Self.mebibyte)"]))

            #expect(data.count == Self.mebibyte)
            #expect(firstByteBreakingPattern(data) == nil, "byte i must be i % 251")
        }
    }

    @Test("a 5 MB body arrives intact under the default limit", arguments: Transport.allCases)
    func largeBody(transport: Transport) async throws {
        let size = 5_000_000
        try await withClient(transport) { _, client in
            let (data, response) = try await client.load(
                request: devRequest(.get, "faults/large", query: ["bytes": "\(size)"]))

            #expect(response.statusCode == 200)
            #expect(data.count == size)
            #expect(firstByteBreakingPattern(data) == nil, "byte i must be i % 251")
        }
    }

    @Test("a gzip body is counted decoded: 2 MiB inflated under a 4 MiB limit", arguments: Transport.allCases)
    func gzipCountedDecoded(transport: Transport) async throws {
        try await withClient(transport, ClientOptions(maximumResponseBytes: 4 * Self.mebibyte)) { _, client in
            let (data, response) = try await client.load(
                request: devRequest(.get, "faults/gzip-bomb", query: ["bytes": "\(2 * Self.mebibyte)"]))

            #expect(data.count == 2 * Self.mebibyte)
            #expect(data.allSatisfy { $0 == 0 })
            #expect(Int(response.headers?["Content-Length"] ?? "") ?? .max < Self.mebibyte / 100)
        }
    }

    @Test(
        "a gzip body small on the wire but past the limit decoded throws responseTooLarge",
        arguments: Transport.allCases)
    func gzipPastLimitDecoded(transport: Transport) async throws {
        try await withClient(transport, Self.limited) { _, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(
                    request: devRequest(.get, "faults/gzip-bomb", query: ["bytes": "\(2 * Self.mebibyte)"]))
            }

            expectTooLarge(error, limit: Self.mebibyte)
        }
    }

    @Test("a 512 MiB gzip bomb against a 1 MiB limit throws responseTooLarge", arguments: Transport.allCases)
    func gzipBomb(transport: Transport) async throws {
        try await withClient(transport, Self.limited) { _, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.get, "faults/gzip-bomb", query: ["bytes": "536870912"]))
            }

            expectTooLarge(error, limit: Self.mebibyte)
        }
    }

    private func expectTooLarge(
        _ error: HTTPTransportError?, limit: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .responseTooLarge(let reported)? = error else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(reported == limit, sourceLocation: sourceLocation)
    }
}
