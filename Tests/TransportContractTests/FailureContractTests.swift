import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Timeouts, refused and dropped connections: each thrown as its own `HTTPTransportError` case.
@Suite("Contract: timeouts and dropped connections")
struct FailureContractTests {
    private static let oneSecond = ClientOptions(requestTimeout: 1)

    @Test("a server slower than the request timeout surfaces as timedOut", arguments: Transport.allCases)
    func slowHead(transport: Transport) async throws {
        try await withClient(transport, Self.oneSecond) { _, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.get, "faults/delay", query: ["ms": "10000"]))
            }

            #expect(error.kind == .timedOut)
            #expect(error?.isTransient == true)
        }
    }

    @Test(
        "a server that never answers surfaces as timedOut and the connection is closed", arguments: Transport.allCases)
    func blackHole(transport: Transport) async throws {
        try await withClient(transport, Self.oneSecond) { server, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.get, "faults/black-hole"))
            }

            #expect(error.kind == .timedOut)
            // Throws when the server never sees the connection closed.
            try await server.admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test(
        "a body slower in total than the request timeout, but faster between bytes, completes",
        arguments: Transport.allCases)
    func timeoutIsBetweenBytes(transport: Transport) async throws {
        try await withClient(transport, Self.oneSecond) { _, client in
            let (data, response) = try await client.load(
                request: devRequest(
                    .get, "faults/slow-body", query: ["bytes": "6", "chunks": "6", "interval_ms": "300"]))

            #expect(response.statusCode == 200)
            #expect(data.count == 6)
        }
    }

    @Test(
        "a header value with a line break is refused before anything is sent",
        arguments: Transport.allCases, ClientCall.allCases)
    func headerInjection(transport: Transport, call: ClientCall) async throws {
        try await withClient(transport) { server, client in
            let error = await #expect(throws: HTTPTransportError.self) {
                try await call.send(devRequest(.get, "echo/x", headers: ["X-Bad": "a\r\nHost: evil"]), through: client)
            }

            let seen = try await server.admin.count("route:GET /echo/x")
            #expect(error.kind == .other)
            #expect(
                error?.underlying as? InvalidHeaderFieldError == .init(name: "X-Bad", problem: .lineBreakOrNULInValue))
            #expect(seen == 0)
        }
    }

    @Test("a port nobody listens on surfaces as cannotConnect", arguments: Transport.allCases)
    func unreachablePort(transport: Transport) async throws {
        let closedPort = try ReservedPort()
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(closedPort.port)/"))
        let client = try transport.makeClient(baseURL: baseURL)

        let error = await #expect(throws: HTTPTransportError.self) {
            try await client.load(request: devRequest(.get, "echo/x"))
        }

        #expect(error.kind == .cannotConnect)
        #expect(error?.isTransient == true)
    }

    @Test(
        "a connection closed without a response surfaces as connectionLost",
        arguments: Transport.allCases, [HTTPMethod.get, .post])
    func droppedConnection(transport: Transport, method: HTTPMethod) async throws {
        try await withClient(transport) { _, client in
            let body = method == .post ? Data("b".utf8) : nil
            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(method, "faults/drop", body: body))
            }

            #expect(error.kind == .connectionLost)
            #expect(error?.isTransient == true)
        }
    }

    @Test("a POST dropped on a reused connection fails transiently", arguments: Transport.allCases)
    func droppedReusedConnectionWithBody(transport: Transport) async throws {
        try await withClient(transport, Self.oneSecond) { _, client in
            try await client.load(request: devRequest(.get, "echo/warm-up"))

            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.post, "faults/drop", body: Data("b".utf8)))
            }

            #expect(error?.isTransient == true)
        }
    }

    @Test("the client keeps working after a failed load", arguments: Transport.allCases)
    func usableAfterFailure(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            _ = await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.get, "faults/drop"))
            }

            let echo = try await client.echo(devRequest(.get, "echo/after-drop"))

            #expect(echo.path == "/echo/after-drop")
        }
    }
}
