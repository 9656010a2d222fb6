import Foundation
import HTTPClient
import Testing
import URLSessionInfrastructure

/// Each route used here would take 30 s or more; a load that ignored cancellation would return a
/// response (or time out), not `.cancelled`, so the assertions need no clock.
@Suite("End to end: cancellation")
struct CancellationEndToEndTests {
    @Test("a load in a cancelled Task sends nothing")
    func beforeStart() async throws {
        try await withDevServer { _, client in
            let load = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.load(request: devRequest(.get, "faults/delay", query: ["ms": "30000"]))
            }

            let error = await transportError { _ = try await load.value }

            let requestsSeen = try await client.admin.count("route:GET /faults/delay")
            #expect(error?.kind == .cancelled)
            #expect(requestsSeen == 0)
        }
    }

    @Test("cancelling while the server delays the response head ends the load")
    func whileWaitingForHeaders() async throws {
        try await withDevServer { _, client in
            let load = Task {
                try await client.load(request: devRequest(.get, "faults/delay", query: ["ms": "60000"]))
            }
            try await client.admin.waitUntil("route:GET /faults/delay", reaches: 1)

            load.cancel()

            let error = await transportError { _ = try await load.value }
            #expect(error?.kind == .cancelled)
        }
    }

    @Test("cancelling while the body streams in ends the load")
    func whileBodyStreams() async throws {
        try await withDevServer { _, client in
            let load = Task {
                try await client.load(
                    request: devRequest(
                        .get, "faults/slow-body", query: ["bytes": "300", "chunks": "300", "interval_ms": "100"]))
            }
            try await client.admin.waitUntil("route:GET /faults/slow-body", reaches: 1)
            // The server writes the head and first chunk right after counting the request; there is
            // no client-side signal for "head received", so give it a moment before cancelling.
            try await Task.sleep(for: .milliseconds(200))

            load.cancel()

            let error = await transportError { _ = try await load.value }
            #expect(error?.kind == .cancelled)
        }
    }

    @Test("the client keeps working after a cancelled load")
    func usableAfterCancellation() async throws {
        try await withDevServer { _, client in
            let load = Task {
                try await client.load(request: devRequest(.get, "faults/delay", query: ["ms": "60000"]))
            }
            try await client.admin.waitUntil("route:GET /faults/delay", reaches: 1)
            load.cancel()
            _ = await transportError { _ = try await load.value }

            let echo = try await client.echo(devRequest(.get, "echo/after-cancel"))

            #expect(echo.path == "/echo/after-cancel")
        }
    }
}
