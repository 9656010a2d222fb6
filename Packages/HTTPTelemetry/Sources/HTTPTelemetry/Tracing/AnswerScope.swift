import HTTPClientSupport

/// The attempt spans that end below an ``AnswerSourceTracingHTTPClient`` during one of its calls, kept until it
/// knows where the answer came from.
///
/// ``TracingHTTPClient`` finds the scope of its load through the load observer in place when the load starts
/// (``enclosing(_:)``), hands a finished span to it while it is open, and records the span itself once the scope
/// is closed (a background task that outlives the call, say).
final class AnswerScope: Sendable {
    private let kept = LockedValue<[PendingSpan]?>([])

    /// The scope of the answer call that `observer` is, or that a tracing layer beneath one passes reports on to;
    /// `nil` outside any.
    static func enclosing(_ observer: (any HTTPLoadObserver)?) -> AnswerScope? {
        switch observer {
        case let call as AnswerCall: call.scope
        case let record as ExchangeRecord: record.recorder.scope
        default: nil
        }
    }

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
