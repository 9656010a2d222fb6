import Foundation

/// The response body's chunks, read from a ``ResponseStream``; `HTTPBody` makes it single-pass.
struct ResponseChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let stream: ResponseStream

    struct AsyncIterator: AsyncIteratorProtocol {
        let stream: ResponseStream

        func next() async throws -> Data? {
            try await stream.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: stream)
    }
}
