import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

/// A response stopped in the middle of its body: the transfer ends, the connection closes, no file is left.
@Suite("End to end: URLSessionClient stops a streamed response")
struct URLSessionStreamStopTests {
    private struct Stop: Error, Equatable {}

    /// 256 KiB of a body announced one byte longer, then the server holds the connection until it is closed.
    private static let heldBody = TestRequest(
        method: .get, path: "faults/black-hole", version: "", queryParameter: ["body_bytes": "262144"])

    @Test("cancelling the calling Task mid-body throws cancelled, closes the connection and removes the spill file")
    func cancelMidBody() async throws {
        try await FilesServerFixture.run { fixture in
            let allReceived = Gate()
            let spillFiles = RecordedValues<Int>()
            let stream = Task {
                try await fixture.client.stream(
                    request: Self.heldBody, body: nil,
                    progress: { progress in
                        if progress.bytesReceived == 262_144 { Task { await allReceived.open() } }
                    },
                    buffering: fixture.buffering(memoryLimit: 16 * 1024)
                ) { response, body in
                    try await ReadBody(response: response, body: body) { count in
                        guard spillFiles.count == 0 else { return }
                        try await allReceived.wait()
                        spillFiles.append(try fixture.scratchFiles().count)
                        withUnsafeCurrentTask { $0?.cancel() }
                    }
                }
            }

            let error = await #expect(throws: HTTPTransportError.self) { try await stream.value }

            #expect(error?.kind == .cancelled)
            #expect(spillFiles.values == [1])
            #expect(try fixture.scratchFiles().isEmpty)
            try await fixture.admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("receive throwing mid-body rethrows its error and closes the connection")
    func receiveThrows() async throws {
        try await FilesServerFixture.run { fixture in
            await #expect(throws: Stop.self) {
                try await fixture.client.stream(
                    request: Self.heldBody, body: nil, progress: nil,
                    buffering: fixture.buffering(memoryLimit: 16 * 1024)
                ) { _, body in
                    for try await _ in body { throw Stop() }
                }
            }

            #expect(try fixture.scratchFiles().isEmpty)
            try await fixture.admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("receive returning without reading returns its value and closes the connection")
    func receiveReturnsEarly() async throws {
        try await FilesServerFixture.run { fixture in
            let status = try await fixture.client.stream(
                request: Self.heldBody, body: nil, progress: nil, buffering: fixture.buffering()
            ) { response, _ in
                response.statusCode
            }

            #expect(status == 200)
            #expect(try fixture.scratchFiles().isEmpty)
            try await fixture.admin.waitUntil("black-hole.closed", reaches: 1)
        }
    }

    @Test("a body that ends before its Content-Length is an error")
    func shortBody() async throws {
        try await FilesServerFixture.run { fixture in
            var request = Self.heldBody
            request.queryParameter = ["body_bytes": "1000", "max_ms": "1"]

            let error = await #expect(throws: (any Error).self) {
                try await fixture.client.stream(
                    request: request, body: nil, progress: nil, buffering: fixture.buffering()
                ) { response, body in
                    try await ReadBody(response: response, body: body)
                }
            }

            let isShort =
                switch error {
                case HTTPBodyError.lengthMismatch(let expected, let received)?: expected == 1001 && received == 1000
                case let error as HTTPTransportError: error.kind == .connectionLost
                default: false
                }
            let description = String(describing: error)
            #expect(isShort, Comment(rawValue: description))
            let leftOver = try fixture.scratchFiles()
            #expect(leftOver.isEmpty)
        }
    }
}
