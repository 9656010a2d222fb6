import Foundation
import HTTPClient

/// A body's chunks passed on unchanged as its one reader reads them, each read shown to an observer: a tee that
/// never reads ahead of the reader and never reads the body a second time.
///
/// The observer hears each wait for a chunk before it starts and how it ended after; an error it throws on an
/// ending goes to the reader in place of what the read returned or threw. Build one with
/// `HTTPBody.observed(_:)`.
public struct ObservedChunks: AsyncSequence, Sendable {
    /// A chunk of the body.
    public typealias Element = Data

    /// What the observer is told.
    public enum Event: Sendable {
        /// The reader waits for the next chunk.
        case waiting
        /// The reader received this chunk.
        case chunk(Data)
        /// The body ended: every byte was read.
        case end
        /// Reading the body threw this error.
        case failure(any Error)
    }

    let base: HTTPBody
    let observe: @Sendable (Event) throws -> Void

    /// Reads the base body's chunks, telling the observer about each read.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let observe: @Sendable (Event) throws -> Void

        /// The next chunk of the base body, or `nil` at its end, once the observer has seen it.
        public mutating func next() async throws -> Data? {
            try observe(.waiting)
            let chunk: Data?
            do {
                chunk = try await base.next()
            } catch {
                try observe(.failure(error))
                throw error
            }
            try observe(chunk.map(Event.chunk) ?? .end)
            return chunk
        }
    }

    /// An iterator over a fresh read of the base body.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), observe: observe)
    }
}

extension HTTPBody {
    /// This body as a single-pass body of the same length whose reads `observe` sees as they happen; an error
    /// `observe` throws ends the read that it saw.
    public func observed(_ observe: @escaping @Sendable (ObservedChunks.Event) throws -> Void) -> HTTPBody {
        HTTPBody(ObservedChunks(base: self, observe: observe), length: length)
    }
}
