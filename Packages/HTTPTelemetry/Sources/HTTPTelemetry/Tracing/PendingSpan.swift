import Foundation

/// A span a tracing layer ended, kept as the request path left it until the collector forms its attributes.
enum PendingSpan: Sendable {
    /// The last span of a load, read from the load's record: how it ended and when.
    case load(ExchangeRecord, outcome: RecordedSpan.Outcome, ended: ContinuousClock.Instant)
    /// Any other span: a followed redirect's, or an answer's that no attempt made.
    case ended(RecordedSpan)

    /// The span with everything it is made from.
    var recorded: RecordedSpan {
        switch self {
        case .load(let record, let outcome, let ended): record.recorded(outcome, ended: ended)
        case .ended(let span): span
        }
    }
}
