import Foundation
import HTTPClient

/// A body's chunks passed on unchanged as its one reader reads them, each shown to an observer first: a tee
/// that never reads ahead of the reader and never reads the body a second time.
struct ObservedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    /// What the observer is told.
    enum Event: Sendable {
        /// The reader received this chunk.
        case chunk(Data)
        /// The body ended: every byte was read.
        case end
        /// Reading the body threw this error.
        case failure(any Error)
    }

    let base: HTTPBody
    let observe: @Sendable (Event) -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let observe: @Sendable (Event) -> Void

        mutating func next() async throws -> Data? {
            do {
                guard let chunk = try await base.next() else {
                    observe(.end)
                    return nil
                }
                observe(.chunk(chunk))
                return chunk
            } catch {
                observe(.failure(error))
                throw error
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), observe: observe)
    }
}

extension HTTPBody {
    /// This body as a single-pass body of the same length whose reads `observe` sees as they happen.
    func observed(_ observe: @escaping @Sendable (ObservedChunks.Event) -> Void) -> HTTPBody {
        HTTPBody(ObservedChunks(base: self, observe: observe), length: length)
    }
}
