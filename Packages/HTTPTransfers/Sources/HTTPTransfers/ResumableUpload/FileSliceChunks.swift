import Foundation
import HTTPClient

/// The bytes of a file from one offset to another, read in `HTTPBody/fileChunkSize` chunks: an append's
/// body in constant memory. The file's size and date are checked when it opens and before the last chunk, so
/// a file that changed mid-upload throws `HTTPBodyError/fileChanged(path:)`.
struct FileSliceChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let file: UploadedFile
    let range: Range<Int64>

    /// The slice as a single-pass body of known length.
    var body: HTTPBody {
        HTTPBody(self, length: .known(range.upperBound - range.lowerBound))
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(file: file, position: range.lowerBound, end: range.upperBound)
    }

    struct Iterator: AsyncIteratorProtocol {
        let file: UploadedFile
        var position: Int64
        let end: Int64
        var handle: FileHandle?

        init(file: UploadedFile, position: Int64, end: Int64) {
            self.file = file
            self.position = position
            self.end = end
        }

        mutating func next() async throws -> Data? {
            guard position < end else {
                try? handle?.close()
                handle = nil
                return nil
            }
            do {
                let handle = try handle ?? open()
                let chunk = try handle.read(upToCount: Int(Swift.min(Int64(HTTPBody.fileChunkSize), end - position)))
                guard let chunk, !chunk.isEmpty else { throw HTTPBodyError.fileChanged(path: file.url.path) }
                position += Int64(chunk.count)
                if position == end { try checkUnchanged() }
                return chunk
            } catch let error as HTTPBodyError {
                try? handle?.close()
                throw error
            } catch {
                try? handle?.close()
                throw HTTPBodyError.unreadableFile(path: file.url.path, underlying: error)
            }
        }

        private mutating func open() throws -> FileHandle {
            let opened = try FileHandle(forReadingFrom: file.url)
            handle = opened
            try checkUnchanged()
            try opened.seek(toOffset: UInt64(position))
            return opened
        }

        private func checkUnchanged() throws {
            let now = try FileSnapshot.current(of: file.url)
            guard now?.size == file.size, now?.modified == file.modified else {
                throw HTTPBodyError.fileChanged(path: file.url.path)
            }
        }
    }
}
