import Foundation

extension ResponseBodyBuffer {
    /// What happens to bytes past the memory limit.
    enum Overflow: Sendable {
        /// They go to a temporary file in `directory`.
        case spill(directory: URL)
        /// The producer is paused until at most `resumeBelow` bytes remain in memory.
        case pause(resumeBelow: Int)
    }

    /// How much a buffer holds in memory and where the rest goes.
    struct Limits: Sendable {
        /// The most bytes held in memory before ``overflow`` applies.
        var memory: Int
        var overflow: Overflow
    }

    /// Pauses and resumes whatever produces the bytes (a `URLSessionTask`).
    struct Producer: Sendable {
        let pause: @Sendable () -> Void
        let resume: @Sendable () -> Void
    }
}
