import Foundation

extension HTTPBody {
    /// Reads a body's chunks in order, checking a known length.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let reader: any ChunkReader
        private let length: HTTPBodyLength
        private var received: Int64 = 0

        init(reader: any ChunkReader, length: HTTPBodyLength) {
            self.reader = reader
            self.length = length
        }

        /// The next non-empty chunk, or `nil` at the end.
        /// - Throws: ``HTTPBodyError`` when the body breaks its length or was already read, or the source's error.
        public mutating func next() async throws -> Data? {
            while let chunk = try await reader.next() {
                guard !chunk.isEmpty else { continue }
                received += Int64(chunk.count)
                if case .known(let expected) = length, received > expected {
                    throw HTTPBodyError.lengthMismatch(expected: expected, received: received)
                }
                return chunk
            }
            if case .known(let expected) = length, received != expected {
                throw HTTPBodyError.lengthMismatch(expected: expected, received: received)
            }
            return nil
        }
    }
}
