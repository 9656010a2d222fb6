import Foundation

/// A fixed list of chunks as an asynchronous sequence, for single-pass bodies.
struct AsyncChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let chunks: [Data]

    init(_ chunks: [Data]) {
        self.chunks = chunks
    }

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks[...]) }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: ArraySlice<Data>

        mutating func next() async -> Data? { chunks.popFirst() }
    }
}
