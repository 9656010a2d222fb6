import Foundation

/// A recorded body as a sequence of chunks, reporting the bytes handed over after each one.
struct RecordedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let data: Data
    let chunkSize: Int
    let onChunk: @Sendable (_ received: Int64) -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        let data: Data
        let chunkSize: Int
        let onChunk: @Sendable (Int64) -> Void
        var offset: Int

        mutating func next() async throws -> Data? {
            try Task.checkCancellation()
            guard offset < data.endIndex else { return nil }
            let end = data.index(offset, offsetBy: chunkSize, limitedBy: data.endIndex) ?? data.endIndex
            let chunk = Data(data[offset..<end])
            offset = end
            onChunk(Int64(offset - data.startIndex))
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(data: data, chunkSize: Swift.max(1, chunkSize), onChunk: onChunk, offset: data.startIndex)
    }
}
