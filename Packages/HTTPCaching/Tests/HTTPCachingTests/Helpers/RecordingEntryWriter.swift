import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientSupport

/// An entry writer that records what it was given and how it ended.
final class RecordingEntryWriter: HTTPCacheEntryWriter {
    /// How the writer ended, if it did.
    enum Ending: Equatable, Sendable {
        case committed, discarded
    }

    private let state = LockedValue((written: Data(), ending: Ending?.none))

    /// The bytes written so far.
    var written: Data { state.withLock { $0.written } }
    /// How the writer ended, or `nil` while it is open.
    var ending: Ending? { state.withLock { $0.ending } }

    func write(_ chunk: Data) { state.withLock { $0.written.append(chunk) } }

    @discardableResult
    func commit() -> Bool {
        state.withLock { $0.ending = .committed }
        return true
    }

    func discard() { state.withLock { $0.ending = .discarded } }
}

/// A body of `chunks`, of their total length, that fails with `error` after them when one is given.
func scriptedBody(_ chunks: [String], failingWith error: (any Error)? = nil) -> HTTPBody {
    let stream = AsyncThrowingStream<Data, any Error> { continuation in
        for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
        continuation.finish(throwing: error)
    }
    return HTTPBody(stream, length: .known(Int64(chunks.reduce(0) { $0 + $1.utf8.count })))
}
