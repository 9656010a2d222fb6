import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

/// `.deduplicatingInFlightRequests()` over `URLSessionClient`: identical GETs in flight reach the server once.
@Suite(.timeLimit(.minutes(1)))
struct DeduplicationEndToEndTests {
    @Test func tenIdenticalConcurrentGetsReachTheServerOnce() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().deduplicatingInFlightRequests()
            // The server holds the answer for 300 ms: every caller joins while the first load is in flight.
            let request = TestRequest(path: "faults/delay", version: "", queryParameter: ["ms": "300"])

            let results = try await concurrently(10) { _ in try await sut.load(request: request) }

            #expect(results.allSatisfy { $0.1.statusCode == 200 && $0.0 == Data("delayed 300 ms".utf8) })
            #expect(try await DevServerAdmin(server).count("route:GET /faults/delay") == 1)
        }
    }

    @Test func aLaterIdenticalGetLoadsAgain() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().deduplicatingInFlightRequests()
            let request = TestRequest(path: "faults/delay", version: "", queryParameter: ["ms": "0"])

            _ = try await sut.load(request: request)
            _ = try await sut.load(request: request)

            #expect(try await DevServerAdmin(server).count("route:GET /faults/delay") == 2)
        }
    }
}
