import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import Testing

/// Each route used here would take 30 s or more; a load that ignored cancellation would return a response
/// (or time out), not `.cancelled`, so the assertions need no clock. The server's counters are the signals.
@Suite("CurlClient end to end: cancellation")
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

    @Test("cancelling while the server holds the answer ends the load and closes the connection")
    func whileWaiting() async throws {
        try await withDevServer { server, client in
            let admin = try server.admin()
            let load = Task { try await client.load(request: devRequest(.get, "faults/black-hole")) }
            try await admin.waitUntil("black-hole.opened", reaches: 1)

            load.cancel()

            let error = await transportError { _ = try await load.value }
            #expect(error?.kind == .cancelled)
            try await admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("cancelling while the body streams in ends the load")
    func whileBodyStreams() async throws {
        try await withDevServer { server, client in
            let load = Task {
                try await client.load(
                    request: devRequest(
                        .get, "faults/slow-body", query: ["bytes": "300", "chunks": "300", "interval_ms": "100"]))
            }
            try await server.admin().waitUntil("route:GET /faults/slow-body", reaches: 1)

            load.cancel()

            let error = await transportError { _ = try await load.value }
            #expect(error?.kind == .cancelled)
        }
    }

    @Test("cancelling one of many loads leaves the others and the client working")
    func oneOfMany() async throws {
        try await withDevServer { server, client in
            let admin = try server.admin()
            let held = Task { try await client.load(request: devRequest(.get, "faults/black-hole")) }
            try await admin.waitUntil("black-hole.opened", reaches: 1)
            let others = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<20 {
                        group.addTask { try await client.load(request: devRequest(.get, "echo/\(index)")).1.statusCode }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
            }

            held.cancel()

            let error = await transportError { _ = try await held.value }
            let statuses = try await others.value
            #expect(error?.kind == .cancelled)
            #expect(statuses == Array(repeating: 200, count: 20))
        }
    }

    @Test("a released client ends its loop thread; a new one works")
    func releasedClient() async throws {
        try await DevServer.run { server in
            var client: CurlClient? = try CurlClient(baseURL: server.baseURL)
            _ = try await client?.load(request: devRequest(.get, "echo/first"))
            weak let released = client
            client = nil

            let echo = try await CurlClient(baseURL: server.baseURL).echo(devRequest(.get, "echo/second"))

            #expect(released == nil)
            #expect(echo.path == "/echo/second")
        }
    }
}
