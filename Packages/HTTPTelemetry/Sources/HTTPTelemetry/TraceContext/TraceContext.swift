import Foundation

/// A span's place in a trace as W3C Trace Context carries it: the `traceparent` ids and flags, and the
/// vendors' `tracestate` when it follows the grammar.
///
/// ```swift
/// let parent = TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
/// parent?.spanID.hex   // "00f067aa0ba902b7"
/// ```
public struct TraceContext: Sendable, Hashable {
    /// The trace every span of the context belongs to.
    public var traceID: TraceID
    /// The span this context names (the parent of spans started under it).
    public var spanID: SpanID
    /// The trace flags; bit 0 is `sampled`.
    public var flags: UInt8
    /// The `tracestate` header as received, or `nil` when none came; it is sent on only when it follows the W3C
    /// grammar (at most 32 valid members, at most 512 characters).
    public var traceState: String?

    /// The flag bit that says the caller may have recorded the trace.
    public static let sampledFlag: UInt8 = 0x01

    /// The flag bit that says the trace id's right 7 bytes are random (Trace Context Level 2).
    public static let randomFlag: UInt8 = 0x02

    /// The flag bits Trace Context defines (``sampledFlag`` and ``randomFlag``): the only ones a `traceparent`
    /// this package writes carries; the others must be zero.
    public static let definedFlags: UInt8 = sampledFlag | randomFlag

    /// Creates a context from its parts.
    public init(traceID: TraceID, spanID: SpanID, flags: UInt8 = sampledFlag, traceState: String? = nil) {
        self.traceID = traceID
        self.spanID = spanID
        self.flags = flags
        self.traceState = traceState
    }

    /// Whether the ``sampledFlag`` is set.
    public var isSampled: Bool { flags & Self.sampledFlag != 0 }

    /// The same trace, flags and state with `spanID` as its span: the context of a child span.
    public func child(spanID: SpanID = .random()) -> TraceContext {
        TraceContext(traceID: traceID, spanID: spanID, flags: flags, traceState: traceState)
    }

    /// A new trace with random ids, sampled.
    public static func newTrace() -> TraceContext {
        TraceContext(traceID: .random(), spanID: .random())
    }

    /// The context in which the current task runs: the parent of the spans it starts, or `nil` for none.
    @TaskLocal public static var current: TraceContext?
}
