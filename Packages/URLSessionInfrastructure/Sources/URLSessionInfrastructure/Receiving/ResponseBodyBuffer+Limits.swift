import Foundation

extension ResponseBodyBuffer {
    /// What happens to bytes past the memory limit.
    enum Overflow: Sendable {
        /// They go to a temporary file in `directory`, within `bounds`.
        case spill(directory: URL, bounds: SpillBounds = .standard)
        /// The producer is paused until at most `resumeBelow` bytes remain in memory.
        case pause(resumeBelow: Int)
    }

    /// How far a spill file may grow and how long it may wait for the reader.
    struct SpillBounds: Sendable {
        /// The most unread bytes the file holds.
        var maximumBytes: Int
        /// Seconds the reader may go without reading while the file holds unread bytes.
        var stallTimeout: TimeInterval

        /// ``URLSessionClient/streamSpillLimit`` and ``URLSessionClient/streamStallTimeout``.
        static let standard = SpillBounds(
            maximumBytes: URLSessionClient.streamSpillLimit, stallTimeout: URLSessionClient.streamStallTimeout)
    }

    /// How much a buffer holds in memory and where the rest goes.
    struct Limits: Sendable {
        /// The most bytes held in memory before ``overflow`` applies.
        var memory: Int
        var overflow: Overflow
    }

    /// Pauses, resumes and stops whatever produces the bytes (a `URLSessionTask`).
    struct Producer: Sendable {
        let pause: @Sendable () -> Void
        let resume: @Sendable () -> Void
        /// Ends the transfer for good: the buffer failed on its own (a full spill file or a stalled reader).
        let stop: @Sendable () -> Void
    }
}
