import HTTPClientSupport

/// The attempt spans that end below an ``AnswerSourceTracingHTTPClient`` during one of its calls, kept until it
/// knows where the answer came from.
///
/// ``TracingHTTPClient`` hands a finished span to the scope of the current task while the scope is open, and
/// records it itself once the scope is closed (a background task that outlives the call, say).
final class AnswerScope: Sendable {
    private let kept = LockedValue<[PendingSpan]?>([])

    /// The scope of the call the current task runs in, or `nil` outside any.
    @TaskLocal static var current: AnswerScope?

    /// Keeps `span` for ``close()``; `false` when the scope is closed and the caller records `span` itself.
    func keep(_ span: PendingSpan) -> Bool {
        kept.withLock { spans in
            guard spans != nil else { return false }
            spans?.append(span)
            return true
        }
    }

    /// Closes the scope and returns the spans it kept, in the order they ended.
    func close() -> [PendingSpan] {
        kept.withLock { spans in
            defer { spans = nil }
            return spans ?? []
        }
    }
}
