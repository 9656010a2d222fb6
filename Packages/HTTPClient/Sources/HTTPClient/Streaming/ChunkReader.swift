import Foundation
import Synchronization

/// One pass over a body's source, yielding chunks until `nil`.
protocol ChunkReader: AnyObject {
    func next() async throws -> Data?
}

/// Yields one `Data` once.
final class DataChunkReader: ChunkReader {
    private var remaining: Data?

    init(_ data: Data) {
        remaining = data
    }

    func next() async throws -> Data? {
        defer { remaining = nil }
        return remaining
    }
}

/// Reads a file from its start, `chunkSize` bytes at a time, closing it at the end.
///
/// It reads no more than the `expected` size, and checks the file against `expected` when it opens it and
/// before it yields the last chunk: a file that grew, shrank or was rewritten throws
/// ``HTTPBodyError/fileChanged(path:)``, so a transfer fails instead of sending a torn file.
final class FileChunkReader: ChunkReader {
    private let url: URL
    private let chunkSize: Int
    private let expected: FileSnapshot
    private var remaining: Int64
    private var handle: FileHandle?
    private var finished = false

    init(url: URL, chunkSize: Int, expected: FileSnapshot) {
        self.url = url
        self.chunkSize = chunkSize
        self.expected = expected
        remaining = expected.size
    }

    func next() async throws -> Data? {
        guard !finished else { return nil }
        do {
            let handle = try handle ?? open()
            guard remaining > 0 else { return try finish(handle, last: nil) }
            let chunk = try handle.read(upToCount: Int(min(Int64(chunkSize), remaining))) ?? Data()
            guard !chunk.isEmpty else { throw HTTPBodyError.fileChanged(path: url.path) }
            remaining -= Int64(chunk.count)
            return remaining > 0 ? chunk : try finish(handle, last: chunk)
        } catch let error as HTTPBodyError {
            stop()
            throw error
        } catch {
            stop()
            throw HTTPBodyError.unreadableFile(path: url.path, underlying: error)
        }
    }

    private func open() throws -> FileHandle {
        let handle = try FileHandle(forReadingFrom: url)
        self.handle = handle
        try checkUnchanged()
        return handle
    }

    /// Checks the file once more and closes it; returns `last`, the final chunk.
    private func finish(_ handle: FileHandle, last: Data?) throws -> Data? {
        try checkUnchanged()
        finished = true
        self.handle = nil
        try handle.close()
        return last
    }

    private func checkUnchanged() throws {
        guard try FileSnapshot.current(of: url) == expected else { throw HTTPBodyError.fileChanged(path: url.path) }
    }

    private func stop() {
        finished = true
        try? handle?.close()
        handle = nil
    }
}

/// Reads each part in turn.
final class ConcatenatedChunkReader: ChunkReader {
    private var parts: ArraySlice<HTTPBody>
    private var current: HTTPBody.AsyncIterator?

    init(_ parts: [HTTPBody]) {
        self.parts = parts[...]
    }

    func next() async throws -> Data? {
        while true {
            if var iterator = current {
                let chunk = try await iterator.next()
                current = iterator
                if let chunk { return chunk }
                current = nil
            }
            guard let part = parts.popFirst() else { return nil }
            current = part.makeAsyncIterator()
        }
    }
}

/// A sequence of chunks that only its first reader may read.
final class SinglePassChunks: Sendable {
    private let claimed = Atomic<Bool>(false)
    private let makeSource: @Sendable () -> any ChunkReader

    init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
        makeSource = { IteratorChunkReader(chunks.makeAsyncIterator()) }
    }

    /// A reader that claims the chunks on its first `next()`, or throws ``HTTPBodyError/alreadyRead``.
    func makeReader() -> any ChunkReader {
        ClaimingChunkReader(self)
    }

    /// Whether this call is the first to claim the chunks.
    fileprivate func claim() -> Bool {
        claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    fileprivate func makeSourceReader() -> any ChunkReader {
        makeSource()
    }
}

/// Claims a single-pass source when first asked for a chunk, then reads it.
private final class ClaimingChunkReader: ChunkReader {
    private let chunks: SinglePassChunks
    private var source: (any ChunkReader)?

    init(_ chunks: SinglePassChunks) {
        self.chunks = chunks
    }

    func next() async throws -> Data? {
        if let source { return try await source.next() }
        guard chunks.claim() else { throw HTTPBodyError.alreadyRead }
        let source = chunks.makeSourceReader()
        self.source = source
        return try await source.next()
    }
}

/// Adapts any iterator of `Data`.
private final class IteratorChunkReader<Base: AsyncIteratorProtocol>: ChunkReader where Base.Element == Data {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    func next() async throws -> Data? {
        var iterator = base
        defer { base = iterator }
        return try await iterator.next()
    }
}
