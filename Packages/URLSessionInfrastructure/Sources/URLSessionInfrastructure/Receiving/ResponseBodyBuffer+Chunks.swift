import Foundation

extension ResponseBodyBuffer {
    /// The buffer's bytes as a sequence of chunks, for the `HTTPBody` handed to `receive`.
    struct Chunks: AsyncSequence, Sendable {
        typealias Element = Data

        let buffer: ResponseBodyBuffer

        func makeAsyncIterator() -> Iterator {
            Iterator(buffer: buffer)
        }

        /// Reads the buffer's next chunk.
        struct Iterator: AsyncIteratorProtocol {
            let buffer: ResponseBodyBuffer

            func next() async throws -> Data? {
                try await buffer.next()
            }
        }
    }

    /// The bytes as a sequence of chunks.
    var chunks: Chunks { Chunks(buffer: self) }
}
