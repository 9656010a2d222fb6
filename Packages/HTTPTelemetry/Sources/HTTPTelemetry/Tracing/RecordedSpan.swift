import Foundation
import HTTPClientSupport

/// A span that has ended, with everything its ``FinishedSpan`` and duration attributes are formed from (see
/// ``converted(callerSources:)``): the running span, how it ended and what was heard. A reference, so that
/// keeping it costs one pointer.
final class RecordedSpan: Sendable {
    /// How a span ended.
    enum Outcome: Sendable {
        /// With a response of `statusCode`: a followed redirect's, or the final response's.
        case response(statusCode: Int)
        /// With an error of `errorType`, after a response head of `statusCode` or before any.
        case failure(errorType: String, statusCode: Int?)
        /// Without a response and without an error: a client that returned without calling its receiver.
        case noResponse
    }

    let span: AttemptSpan
    /// The base URL the span's request was resolved against.
    let target: SpanTarget
    let kind: SpanKind
    let outcome: Outcome
    /// What the transport measured, when it measured anything.
    let exchange: HTTPExchangeMetrics?
    /// The sources the layers below reported, innermost first.
    let sources: [HTTPAnswerSource]
    /// When the span ended, on the monotonic clock its start was read from too.
    let ended: ContinuousClock.Instant
    /// Whether the span's duration counts in `http.client.request.duration`.
    let countsDuration: Bool

    init(
        span: AttemptSpan, target: SpanTarget, kind: SpanKind, outcome: Outcome, exchange: HTTPExchangeMetrics?,
        sources: [HTTPAnswerSource], ended: ContinuousClock.Instant, countsDuration: Bool
    ) {
        self.span = span
        self.target = target
        self.kind = kind
        self.outcome = outcome
        self.exchange = exchange
        self.sources = sources
        self.ended = ended
        self.countsDuration = countsDuration
    }

    /// The seconds from the span's start to its end, on the monotonic clock.
    var seconds: Double { span.started.duration(to: ended).seconds }

    /// When the span ended on the wall clock: its start plus the monotonic time it took, so that a wall clock
    /// set while it ran does not change its length.
    var endTime: Date { span.startTime.addingTimeInterval(seconds) }

    /// The seconds counted in `http.client.request.duration`, or `nil` for a span that counts nothing there.
    var durationSeconds: Double? { countsDuration ? seconds : nil }
}
