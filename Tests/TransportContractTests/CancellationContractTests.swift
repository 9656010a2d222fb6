import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Cancelling the calling Task at each stage of a load. Every route here would take 120 s or more, and the
/// request timeout is 120 s, so a load that ignored cancellation would hit the time limit instead of
/// returning `cancelled`: the assertions need no clock.
@Suite("Contract: cancellation at each stage", .timeLimit(.minutes(1)))
struct CancellationContractTests {
    @Test("a load in an already cancelled Task sends nothing", arguments: Transport.allCases)
    func beforeStart(transport: Transport) async throws {
        try await withClient(transport) { server, client in
            let load = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.load(request: devRequest(.get, "faults/black-hole"))
            }

            let error = await #expect(throws: HTTPTransportError.self) { _ = try await load.value }

            #expect(error.kind == .cancelled)
            let seen = try await server.admin.count("route:GET /faults/black-hole")
            #expect(seen == 0)
        }
    }

    @Test(
        "cancelling while connecting ends the call and abandons the connection",
        arguments: Transport.allCases, ClientCall.allCases)
    func whileConnecting(transport: Transport, call: ClientCall) async throws {
        let listener = try StalledListener()
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(listener.port)/"))
        let client = try transport.makeClient(baseURL: baseURL)
        let load = Task { try await call.send(devRequest(.get, "echo/never-connected"), through: client) }
        try await ConnectingSockets.waitUntil(port: listener.port, "at least 1") { $0 >= 1 }

        load.cancel()

        let error = await #expect(throws: HTTPTransportError.self) { _ = try await load.value }
        #expect(error.kind == .cancelled)
        // Throws when the client keeps trying to connect.
        try await ConnectingSockets.waitUntil(port: listener.port, "no") { $0 == 0 }
    }

    @Test(
        "cancelling while waiting for the response head ends the call and closes the connection",
        arguments: Transport.allCases, ClientCall.allCases)
    func whileWaitingForHead(transport: Transport, call: ClientCall) async throws {
        try await withClient(transport) { server, client in
            let admin = try server.admin
            let load = Task { try await call.send(devRequest(.get, "faults/black-hole"), through: client) }
            try await admin.waitUntil("black-hole.opened", reaches: 1)

            load.cancel()

            let error = await #expect(throws: HTTPTransportError.self) { _ = try await load.value }
            #expect(error.kind == .cancelled)
            // Throws when the server never sees the connection closed.
            try await admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("cancelling mid-body ends the load and closes the connection", arguments: Transport.allCases)
    func midBody(transport: Transport) async throws {
        try await withClient(transport) { server, client in
            let admin = try server.admin
            let load = Task {
                try await client.load(request: devRequest(.get, "faults/black-hole", query: ["body_bytes": "4096"]))
            }
            try await admin.waitUntil("black-hole.body-sent", reaches: 1)

            load.cancel()

            let error = await #expect(throws: HTTPTransportError.self) { _ = try await load.value }
            #expect(error.kind == .cancelled)
            try await admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("cancelling one of many loads leaves the others working", arguments: Transport.allCases)
    func oneOfMany(transport: Transport) async throws {
        try await withClient(transport) { server, client in
            let held = Task { try await client.load(request: devRequest(.get, "faults/black-hole")) }
            try await server.admin.waitUntil("black-hole.opened", reaches: 1)
            let others = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<20 {
                        group.addTask { try await client.load(request: devRequest(.get, "echo/\(index)")).1.statusCode }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
            }

            held.cancel()

            let error = await #expect(throws: HTTPTransportError.self) { _ = try await held.value }
            let statuses = try await others.value
            #expect(error.kind == .cancelled)
            #expect(statuses == Array(repeating: 200, count: 20))
        }
    }

    @Test("the client keeps working after a cancelled load", arguments: Transport.allCases)
    func usableAfterCancellation(transport: Transport) async throws {
        try await withClient(transport) { server, client in
            let load = Task { try await client.load(request: devRequest(.get, "faults/black-hole")) }
            try await server.admin.waitUntil("black-hole.opened", reaches: 1)
            load.cancel()
            _ = await #expect(throws: HTTPTransportError.self) { _ = try await load.value }

            let echo = try await client.echo(devRequest(.get, "echo/after-cancel"))

            #expect(echo.path == "/echo/after-cancel")
        }
    }
}
