import Foundation

/// A span that has ended: what exporters receive.
public struct FinishedSpan: Sendable, Hashable {
    /// What the span did, such as `GET /questions/{ids}`.
    public var name: String
    /// What the span stands for.
    public var kind: SpanKind
    /// The span's own trace id, span id, flags and trace state.
    public var context: TraceContext
    /// The span it ran under, or `nil` for a root span.
    public var parentSpanID: SpanID?
    /// When it started.
    public var startTime: Date
    /// When it ended.
    public var endTime: Date
    /// What is known about it, by OpenTelemetry attribute name.
    public var attributes: Attributes
    /// What happened during it, in order.
    public var events: [SpanEvent]
    /// How it ended.
    public var status: SpanStatus

    /// Creates a finished span.
    public init(
        name: String, kind: SpanKind, context: TraceContext, parentSpanID: SpanID?, startTime: Date, endTime: Date,
        attributes: Attributes = [:], events: [SpanEvent] = [], status: SpanStatus = .unset
    ) {
        self.name = name
        self.kind = kind
        self.context = context
        self.parentSpanID = parentSpanID
        self.startTime = startTime
        self.endTime = endTime
        self.attributes = attributes
        self.events = events
        self.status = status
    }
}
