import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
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
        try await DevServer.run(client: CurlClient.forDevServer()) { server, client in
            let firstChunk = Gate()
            let stream = Task {
                try await client.stream(request: stuckMidBody, body: nil, progress: nil) { _, body in
                    for try await _ in body { await firstChunk.open() }
                }
            }
            try await firstChunk.wait()

            stream.cancel()

            let error = await #expect(throws: HTTPTransportError.self) { try await stream.value }
            #expect(error?.kind == .cancelled)
            try await server.admin().waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("receive throwing stops the transfer, and its error is what stream throws")
    func receiveThrows() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { server, client in
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
        try await DevServer.run(client: CurlClient.forDevServer()) { server, client in
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
        try await DevServer.run(client: CurlClient.forDevServer()) { server, client in
            let admin = try server.admin()
            let stream = Task {
                try await client.stream(request: devRequest(.get, "faults/black-hole"), body: nil, progress: nil) {
                    response, _ in response.statusCode
                }
            }
            try await admin.waitUntil("black-hole.opened", reaches: 1)

            stream.cancel()

            let error = await #expect(throws: HTTPTransportError.self) { _ = try await stream.value }
            #expect(error?.kind == .cancelled)
            try await admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("a body read after receive returned throws instead of reading a released transfer")
    func escapedBody() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let body = try await client.stream(request: stuckMidBody, body: nil, progress: nil) { _, body in body }

            let error = await #expect(throws: HTTPTransportError.self) { for try await _ in body {} }
            #expect(error?.kind == .cancelled)
        }
    }

    @Test("cancelling the Task while the request body waits for its next chunk throws cancelled")
    func cancelMidUpload() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let sending = Gate()
            let (chunks, source) = AsyncStream.makeStream(of: Data.self)
            source.yield(Data(repeating: 1, count: 1000))  // and then nothing, until the Task is cancelled
            let stream = Task {
                try await client.stream(
                    request: devRequest(.post, "echo/never-ends"), body: HTTPBody(chunks, length: .unknown),
                    progress: { progress in if progress.bytesSent > 0 { Task { await sending.open() } } }
                ) { response, _ in response.statusCode }
            }
            try await sending.wait()

            stream.cancel()

            let error = await #expect(throws: HTTPTransportError.self) { _ = try await stream.value }
            #expect(error?.kind == .cancelled)
        }
    }

    @Test("a connection that drops mid-body makes the reader throw connectionLost after the bytes that came")
    func dropMidBody() async throws {
        try await DevServer.run(client: CurlClient.forDevServer()) { _, client in
            let request = devRequest(.get, "faults/black-hole", query: ["body_bytes": "1000", "max_ms": "100"])
            let received = LockedValue(0)

            let error = await #expect(throws: HTTPTransportError.self) {
                try await client.stream(request: request, body: nil, progress: nil) { _, body in
                    for try await chunk in body { received.withLock { $0 += chunk.count } }
                }
            }

            #expect(error?.kind == .connectionLost)
            #expect(received.withLock { $0 } == 1000)
        }
    }
}
