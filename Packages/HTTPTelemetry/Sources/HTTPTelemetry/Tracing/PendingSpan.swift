import Foundation

/// A span a tracing layer ended, kept as the request path left it until the collector forms its attributes.
enum PendingSpan: Sendable {
    /// The last span of a load, read from the load's record, which ``ExchangeRecord/finish(_:)`` ended.
    case load(ExchangeRecord)
    /// Any other span: a followed redirect's, or an answer's that no attempt made.
    case ended(RecordedSpan)

    /// The span with everything it is made from; `nil` for a load that has not ended, which no tracing layer
    /// records.
    var recorded: RecordedSpan? {
        switch self {
        case .load(let record): record.recorded
        case .ended(let span): span
        }
    }
}
