import Foundation
import HTTPClient

/// A body whose chunks pass through hooks on their way to the reader: a streamed answer written to the store as
/// it is read, or progress counted for a stored one. The caching client never reads a caller's body itself.
struct ObservedBody: AsyncSequence, Sendable {
    typealias Element = Data

    let base: HTTPBody
    let onChunk: @Sendable (Data) -> Void
    let onFailure: @Sendable (any Error) -> Void

    /// `base` with the same length, showing each chunk to `onChunk` and an error that ends reading to `onFailure`.
    static func body(
        _ base: HTTPBody, onChunk: @escaping @Sendable (Data) -> Void,
        onFailure: @escaping @Sendable (any Error) -> Void = { _ in }
    ) -> HTTPBody {
        HTTPBody(ObservedBody(base: base, onChunk: onChunk, onFailure: onFailure), length: base.length)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let onChunk: @Sendable (Data) -> Void
        let onFailure: @Sendable (any Error) -> Void

        mutating func next() async throws -> Data? {
            do {
                guard let chunk = try await base.next() else { return nil }
                onChunk(chunk)
                return chunk
            } catch {
                onFailure(error)
                throw error
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), onChunk: onChunk, onFailure: onFailure)
    }
}
