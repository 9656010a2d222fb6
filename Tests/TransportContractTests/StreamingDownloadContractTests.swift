import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Streamed response bodies: any size in constant memory, a consumer that sets the pace, errors and
/// cancellation that stop the transfer, and progress.
@Suite("Contract: streamed responses", .timeLimit(.minutes(2)))
struct StreamingDownloadContractTests {
    private static let largeSize = 64 * 1024 * 1024
    private static let slowSize = 16 * 1024 * 1024

    @Test(
        "a 64 MiB download past maximumResponseBytes arrives byte for byte, with monotonic and final progress",
        arguments: Transport.allCases)
    func largeDownload(transport: Transport) async throws {
        try await FilesServer.run(transport) { server in
            let expected = try server.store("large.bin", size: Self.largeSize)
            let client = try server.client()
            let progress = ProgressLog()

            let (status, digest, count) = try await client.stream(
                request: server.download("large.bin"), body: nil, progress: progress.callback
            ) { response, body in
                let digest = try SHA256Sum()
                var count = 0
                for try await chunk in body {
                    try digest.update(chunk)
                    count += chunk.count
                }
                return (response.statusCode, try digest.finalize(), count)
            }

            #expect(status == 200)
            #expect(count == Self.largeSize)
            #expect(digest == expected)
            progress.expectMonotonic()
            #expect(progress.latest.bytesReceived == Int64(Self.largeSize), "the last report counts every byte")
        }
    }

    @Test(
        "a slow consumer holds at most 1 MiB buffered in the client: the transport waits for it",
        arguments: Transport.allCases)
    func slowConsumer(transport: Transport) async throws {
        try await FilesServer.run(transport) { server in
            let expected = try server.store("slow.bin", size: Self.slowSize)
            let client = try server.client()
            let progress = ProgressLog()
            let port = server.contract.server.port

            try await transport.expecting(.noReceiveFlowControl) {
                let (digest, mostBuffered) = try await client.stream(
                    request: server.download("slow.bin"), body: nil, progress: progress.callback
                ) { _, body in
                    let digest = try SHA256Sum()
                    var consumed: Int64 = 0
                    var mostBuffered: Int64 = 0
                    var nextPause: Int64 = 0
                    for try await chunk in body {
                        // The chunk in hand still counts as buffered: the client holds it until it is consumed.
                        mostBuffered = max(mostBuffered, progress.latest.bytesReceived - consumed)
                        if consumed >= nextPause {
                            // Falls behind: stops reading until the transport has held back or over-buffered.
                            try await SlowConsumer.waitUntilHeldBack(
                                progress: progress, consumed: consumed, limit: SlowConsumer.limit, port: port,
                                total: Int64(Self.slowSize))
                            mostBuffered = max(mostBuffered, progress.latest.bytesReceived - consumed)
                            nextPause += 4 * 1024 * 1024
                        }
                        consumed += Int64(chunk.count)
                        try digest.update(chunk)
                    }
                    return (try digest.finalize(), mostBuffered)
                }

                #expect(digest == expected)
                #expect(mostBuffered <= SlowConsumer.limit, "bytes received but not yet consumed")
            }
        }
    }

    @Test("a response shorter than its Content-Length is an error, not a short body", arguments: Transport.allCases)
    func shortResponse(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            // 1000 of the 1001 announced bytes, then the server closes the connection.
            let request = devRequest(.get, "faults/black-hole", query: ["body_bytes": "1000", "max_ms": "1"])

            await #expect(throws: (any Error).self) {
                _ = try await client.stream(request: request, body: nil, progress: nil) { _, body in
                    try await body.collect(upTo: 1 << 20)
                }
            }
        }
    }

    @Test("cancelling mid-body ends the stream and closes the connection", arguments: Transport.allCases)
    func cancelMidBody(transport: Transport) async throws {
        try await withClient(transport) { server, client in
            let admin = try server.admin
            let transfer = Task {
                try await client.stream(
                    request: devRequest(.get, "faults/black-hole", query: ["body_bytes": "4096"]), body: nil,
                    progress: nil
                ) { _, body in try await body.collect(upTo: 1 << 20).count }
            }
            try await admin.waitUntil("black-hole.body-sent", reaches: 1)

            transfer.cancel()

            let error = await #expect(throws: (any Error).self) { _ = try await transfer.value }
            #expect(isCancellation(error), "\(String(describing: error))")
            // Throws when the server never sees the connection closed.
            try await admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("receive throwing ends the stream with its error and closes the connection", arguments: Transport.allCases)
    func receiveThrows(transport: Transport) async throws {
        struct Stop: Error {}
        try await withClient(transport) { server, client in
            let admin = try server.admin

            // The server holds the rest for 20 s at most, then counts black-hole.expired instead of closed.
            let request = devRequest(
                .get, "faults/black-hole", query: ["body_bytes": "4096", "max_ms": "20000"])
            await #expect(throws: Stop.self) {
                _ = try await client.stream(request: request, body: nil, progress: nil) { _, body in
                    for try await _ in body { throw Stop() }
                    return 0
                }
            }
            try await admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }
}

/// Whether `error` says the transfer was cancelled.
func isCancellation(_ error: (any Error)?) -> Bool {
    switch error {
    case let error as HTTPTransportError: error.kind == .cancelled
    case is CancellationError: true
    default: false
    }
}
