import Foundation
import HTTPClient

/// Passes every call to `base`, but a streamed response body breaks off with ``Interruption`` after
/// `bytes` bytes: a transfer cut mid-body, on any transport, at a byte count the test chooses.
struct InterruptingClient: HTTPClient {
    /// The error the body ends with.
    struct Interruption: Error {}

    let base: any HTTPClient
    let bytes: Int64

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await base.load(request: request)
    }

    func stream<Result: Sendable>(
        request: HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let bytes = bytes
        return try await base.stream(request: request, body: body, progress: progress) { response, body in
            try await receive(response, HTTPBody(CutChunks(body: body, limit: bytes), length: body.length))
        }
    }
}

/// The chunks of `body` up to `limit` bytes, then ``InterruptingClient/Interruption``.
private struct CutChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let body: HTTPBody
    let limit: Int64

    func makeAsyncIterator() -> Iterator { Iterator(base: body.makeAsyncIterator(), remaining: limit) }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        var remaining: Int64

        mutating func next() async throws -> Data? {
            guard remaining > 0 else { throw InterruptingClient.Interruption() }
            guard let chunk = try await base.next() else { return nil }
            let kept = chunk.prefix(Int(Swift.min(Int64(chunk.count), remaining)))
            remaining -= Int64(kept.count)
            return kept
        }
    }
}
