import Foundation
import HTTPClient
import HTTPClientSupport

/// One attempt's CLIENT span while it runs: its context, what it keeps of its request, and when it started.
///
/// Starting and ending a span does only what the request path needs (the ids, the `traceparent`, the clock);
/// the attributes are formed from a ``RecordedSpan`` when the collector hands its spans out.
struct AttemptSpan: Sendable {
    let request: SpanRequest
    let context: TraceContext
    let parentSpanID: SpanID?
    /// `http.request.resend_count`: retries before this load plus redirects followed before this request.
    let resendCount: Int
    let startTime: Date
    let started: ContinuousClock.Instant

    private init(
        request: SpanRequest, context: TraceContext, parentSpanID: SpanID?, resendCount: Int, startTime: Date,
        started: ContinuousClock.Instant
    ) {
        self.request = request
        self.context = context
        self.parentSpanID = parentSpanID
        self.resendCount = resendCount
        self.startTime = startTime
        self.started = started
    }

    /// Starts the span of `request` as a child of ``TraceContext/current``, else of a valid `traceparent` the
    /// request carries, else as the root of a new trace, with `resendCount` (`HTTPLoadObservation/resendCount`).
    static func start(_ request: any HTTPRequest, resendCount: Int, now: Date) -> AttemptSpan {
        start(request, headers: request.headers, resendCount: resendCount, now: now)
    }

    /// Starts the span of `request` as ``start(_:resendCount:now:)`` does, and returns it with the request to
    /// send: `request` carrying the span's ``traceHeaders`` on top of its own fields. The request's fields are read
    /// once.
    static func startPropagating(
        _ request: any HTTPRequest, resendCount: Int, now: Date
    ) -> (AttemptSpan, any HTTPRequest) {
        var outgoing = ModifiedRequest(request)
        let span = start(request, headers: outgoing.headers, resendCount: resendCount, now: now)
        var headers = outgoing.headers ?? HTTPHeaders()
        outgoing.headers = nil  // leaves `headers` the only owner of its storage, which is then changed in place
        span.setTraceFields(in: &headers)
        outgoing.headers = headers
        return (span, outgoing)
    }

    private static func start(
        _ request: any HTTPRequest, headers: HTTPHeaders?, resendCount: Int, now: Date
    ) -> AttemptSpan {
        let parent = TraceContext.current ?? headers.flatMap(incomingContext(in:))
        return AttemptSpan(
            request: SpanRequest(request), context: parent?.child() ?? .newTrace(),
            parentSpanID: parent?.spanID, resendCount: resendCount, startTime: now, started: .now)
    }

    /// The span of the request a followed redirect sends next: a sibling of this span (same trace and parent,
    /// its own span id), one resend more, with the next request's method and URL and no template.
    func nextHop(method: String, url: URL, now: Date) -> AttemptSpan {
        AttemptSpan(
            request: .redirected(method: method, url: url), context: context.child(), parentSpanID: parentSpanID,
            resendCount: resendCount + 1, startTime: now, started: .now)
    }

    /// The fields that carry the span's context on its request: `traceparent`, and `tracestate` when the parent
    /// had one.
    var traceHeaders: HTTPHeaders {
        var headers = HTTPHeaders()
        setTraceFields(in: &headers)
        return headers
    }

    /// Sets ``traceHeaders``' fields in `headers`, replacing any of the same name.
    private func setTraceFields(in headers: inout HTTPHeaders) {
        headers["traceparent"] = context.traceparent
        if let state = context.validTraceState { headers["tracestate"] = state }
    }

    /// The span ended at `ended` with `outcome`, after `exchange` (what the transport measured, if anything)
    /// and with the answer `sources` the layers below reported; its duration counts in the histogram when
    /// `countsDuration`.
    func ended(
        _ outcome: RecordedSpan.Outcome, exchange: HTTPExchangeMetrics?, sources: [HTTPAnswerSource],
        target: SpanTarget, kind: SpanKind = .client, at ended: ContinuousClock.Instant = .now,
        countsDuration: Bool = true
    ) -> RecordedSpan {
        RecordedSpan(
            span: self, target: target, kind: kind, outcome: outcome, exchange: exchange, sources: sources,
            ended: ended, countsDuration: countsDuration)
    }

    /// `error.type`: a transport failure's kind, cancellation as `cancelled`, any other error its type name.
    /// Never the error's text, which could hold a URL or a value.
    static func errorType(of error: any Error) -> String {
        if let transport = error as? HTTPTransportError { return transport.kind.rawValue }
        if error is CancellationError { return HTTPTransportError.Kind.cancelled.rawValue }
        return String(describing: type(of: error))
    }

    /// The context of a valid `traceparent` (with its `tracestate`) in `headers`, if any.
    private static func incomingContext(in headers: HTTPHeaders) -> TraceContext? {
        guard let traceparent = headers["traceparent"] else { return nil }
        return TraceContext(traceparent: traceparent, tracestate: headers["tracestate"])
    }
}
