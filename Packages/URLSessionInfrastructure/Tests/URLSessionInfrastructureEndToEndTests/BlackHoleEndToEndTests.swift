import Foundation
import HTTPClient
import Testing
import URLSessionInfrastructure

/// `/faults/black-hole` accepts the request and never answers; the server counts the connection as
/// `black-hole.closed` when the client closes it.
@Suite("End to end: a server that never answers")
struct BlackHoleEndToEndTests {
    @Test("cancelling the calling Task throws cancelled and closes the connection")
    func cancellationClosesConnection() async throws {
        try await withDevServer { _, client in
            let load = Task { try await client.load(request: devRequest(.get, "faults/black-hole")) }
            try await client.admin.waitUntil("black-hole.opened", reaches: 1)

            load.cancel()

            let error = await transportError { _ = try await load.value }
            #expect(error?.kind == .cancelled)
            // Throws when the server never saw the connection closed.
            try await client.admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("the request timeout ends the wait with timedOut")
    func requestTimeout() async throws {
        try await withDevServer(requestTimeout: 1) { _, client in
            let error = await transportError {
                _ = try await client.load(request: devRequest(.get, "faults/black-hole"))
            }

            guard case .timedOut = error else {
                Issue.record("expected timedOut, got \(String(describing: error))")
                return
            }
        }
    }
}
