import Foundation

/// Where a tracing layer's ended spans go: the open answer scope of the load (see ``AnswerScope``), else the
/// collector; with the layer's base URL, which the spans' attributes are formed against.
struct SpanRecorder: Sendable {
    let collector: TelemetryCollector
    let target: SpanTarget
    /// The answer scope the load runs in, read when the load starts: a transport may end a span on a thread of
    /// its own.
    let scope: AnswerScope?

    /// The collector's wall clock now.
    func now() -> Date { collector.now() }

    /// Hands `span` to the open answer scope, or else to the collector.
    func record(_ span: PendingSpan) {
        if scope?.keep(span) != true { collector.record(span) }
    }
}
