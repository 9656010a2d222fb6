import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A streamed transfer ends with `receive` or with the calling Task: `/faults/black-hole?body_bytes=` sends a
/// head and part of a body, then holds the connection until the client closes it, which its counters show.
@Suite("CurlClient end to end: ending a stream")
struct StreamCancellationEndToEndTests {
    private struct Stop: Error {}

    private let stuckMidBody = devRequest(.get, "faults/black-hole", query: ["body_bytes": "1000"])

    @Test("cancelling the Task while the body streams throws cancelled and closes the connection")
    func cancelMidBody() async throws {
        try await withDevServer { server, client in
            let firstChunk = Gate()
            let stream = Task {
                try await client.stream(request: stuckMidBody, body: nil, progress: nil) { _, body in
                    for try await _ in body { await firstChunk.open() }
                }
            }
            try await firstChunk.wait()

            stream.cancel()

            let error = await transportError { try await stream.value }
            #expect(error?.kind == .cancelled)
            try await server.admin().waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("receive throwing stops the transfer, and its error is what stream throws")
    func receiveThrows() async throws {
        try await withDevServer { server, client in
            let thrown = await error(Stop.self) {
                try await client.stream(request: stuckMidBody, body: nil, progress: nil) { _, body in
                    for try await _ in body { throw Stop() }
                }
            }

            #expect(thrown != nil)
            try await server.admin().waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("receive returning before the body ended stops the transfer; the client goes on")
    func receiveReturnsEarly() async throws {
        try await withDevServer { server, client in
            let status = try await client.stream(request: stuckMidBody, body: nil, progress: nil) { response, _ in
                response.statusCode
            }
            try await server.admin().waitUntil("black-hole.closed", reaches: 1)

            let echo = try await client.echo(devRequest(.get, "echo/after"))
            #expect(status == 200)
            #expect(echo.path == "/echo/after")
        }
    }

    @Test("cancelling the Task while the server holds the head throws cancelled")
    func cancelBeforeHead() async throws {
        try await withDevServer { server, client in
            let admin = try server.admin()
            let stream = Task {
                try await client.stream(request: devRequest(.get, "faults/black-hole"), body: nil, progress: nil) {
                    response, _ in response.statusCode
                }
            }
            try await admin.waitUntil("black-hole.opened", reaches: 1)

            stream.cancel()

            let error = await transportError { _ = try await stream.value }
            #expect(error?.kind == .cancelled)
            try await admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("a body read after receive returned throws instead of reading a released transfer")
    func escapedBody() async throws {
        try await withDevServer { _, client in
            let body = try await client.stream(request: stuckMidBody, body: nil, progress: nil) { _, body in body }

            let error = await transportError { for try await _ in body {} }
            #expect(error?.kind == .cancelled)
        }
    }
}
