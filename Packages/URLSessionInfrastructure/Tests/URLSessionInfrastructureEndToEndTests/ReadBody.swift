import DevServerSupport
import Foundation
import HTTPClient

/// What a test's `receive` read: the head, the byte count and the SHA-256 of the body.
struct ReadBody: Sendable {
    let response: HTTPResponse
    let count: Int
    let sha256: String

    /// Reads `body` to its end, calling `afterChunk` with the count so far after each chunk.
    init(
        response: HTTPResponse, body: HTTPBody, afterChunk: (Int) async throws -> Void = { _ in }
    ) async throws {
        let digest = try SHA256Sum()
        var count = 0
        for try await chunk in body {
            try digest.update(chunk)
            count += chunk.count
            try await afterChunk(count)
        }
        self.response = response
        self.count = count
        self.sha256 = try digest.finalize()
    }
}
