import Foundation
import HTTPClient
import HTTPClientSupport

/// What a log shows of one streamed body: the bytes that went through, the first of them up to a limit, and
/// how reading ended.
struct BodyCapture: Sendable {
    /// How reading the body ended.
    enum Ending: Sendable {
        /// Not yet, or the reader stopped before the end.
        case open
        /// Every byte was read.
        case complete
        /// Reading threw this error.
        case failed(any Error)
    }

    /// The most bytes kept in ``prefix``.
    let limit: Int
    /// The first bytes read, at most ``limit``.
    private(set) var prefix = Data()
    /// How many bytes went through.
    private(set) var count: Int64 = 0
    /// How reading ended.
    private(set) var ending = Ending.open

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// A capture of a body held whole (a replayable one, read apart from its reader): `prefix` is its start
    /// and `length` its size.
    init(limit: Int, prefix: Data, length: Int64) {
        self.init(limit: limit)
        self.prefix = prefix.prefix(self.limit)
        count = length
        ending = .complete
    }

    /// Records what the body's reader saw.
    mutating func record(_ event: ObservedChunks.Event) {
        switch event {
        case .waiting:
            break
        case .chunk(let chunk):
            count += Int64(chunk.count)
            if prefix.count < limit { prefix.append(chunk.prefix(limit - prefix.count)) }
        case .end:
            ending = .complete
        case .failure(let error):
            ending = .failed(error)
        }
    }

    /// Whether every byte went through: the body ended, or as many bytes as its known length did.
    func isComplete(length: HTTPBodyLength?) -> Bool {
        if case .complete = ending { return true }
        if case .known(let expected) = length, case .open = ending { return count == expected }
        return false
    }
}
