import Foundation
import HTTPClient

/// The body of an open entry file, read in chunks: the file's checksum is checked after the last byte, and a
/// mismatch (a damaged file) throws `HTTPBodyError.unreadableFile(path:underlying:)` and removes the file.
struct EntryFileBody: AsyncSequence, Sendable {
    typealias Element = Data

    /// How many bytes each chunk holds, at most.
    static let chunkSize = 64 * 1024

    let file: OpenEntryFile
    let head: DiskEntryFormat.Head

    struct AsyncIterator: AsyncIteratorProtocol {
        let file: OpenEntryFile
        let end: Int
        var position: Int
        var checksum: UInt64
        var finished = false

        mutating func next() async throws -> Data? {
            guard !finished else { return nil }
            guard position < end else {
                finished = true
                try verify()
                return nil
            }
            try Task.checkCancellation()
            let count = Swift.min(EntryFileBody.chunkSize, end - position)
            guard let chunk = file.read(at: position, count: count) else {
                finished = true
                throw HTTPBodyError.unreadableFile(path: file.path, underlying: DiskEntryFormat.Invalid())
            }
            position += count
            checksum = chunk.withUnsafeBytes { FNV1a.hash($0, seed: checksum) }
            return chunk
        }

        private func verify() throws {
            let trailer = file.read(at: end, count: 8).map { Array($0) }
            guard trailer == DiskEntryFormat.trailer(checksum: checksum) else {
                file.removeIfUnreplaced()
                throw HTTPBodyError.unreadableFile(path: file.path, underlying: DiskEntryFormat.Invalid())
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            file: file, end: head.bodyOffset + head.bodyLength, position: head.bodyOffset,
            checksum: head.partialChecksum)
    }
}
