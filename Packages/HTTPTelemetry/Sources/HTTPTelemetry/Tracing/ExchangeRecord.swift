import Foundation
import HTTPClient
import HTTPClientSupport

/// One load's running span and what it heard, behind one lock: the span each followed redirect ends and
/// replaces, the transport's last measurement, the sources of the answer and, for a stream, the response head.
///
/// The observers it binds (an `HTTPExchangeObserver`, an `HTTPAnswerSourceObserver` and an
/// `HTTPRedirectObserver`) pass what they hear on to the observers already in place; the redirect observer
/// records the span each hop ends and adds the next span's fields on top of those of the observer already in
/// place. Everything a load needs lives in the one locked value, so each observer holds a single reference.
/// When the load ends, the record itself is what the collector keeps (``PendingSpan/load(_:)``) until it forms
/// the span.
struct ExchangeRecord: Sendable {
    private struct State: Sendable {
        var span: AttemptSpan
        var metrics: HTTPExchangeMetrics?
        var sources: [HTTPAnswerSource] = []
        var head: HTTPResponse?
        /// How and when the running span ended, once it has.
        var end: (outcome: RecordedSpan.Outcome, ended: ContinuousClock.Instant)?
        let recorder: SpanRecorder
        let outerExchange: HTTPExchangeObserver?
        let outerSources: HTTPAnswerSourceObserver?
        let outerRedirects: HTTPRedirectObserver?
    }

    private let state: LockedValue<State>

    /// A record whose running span is `first`, whose followed redirects' spans go to `recorder`, and whose
    /// observers pass on to the ones in place in the current task.
    init(first: AttemptSpan, recorder: SpanRecorder) {
        state = LockedValue(
            State(
                span: first, recorder: recorder, outerExchange: HTTPExchangeObserver.current,
                outerSources: HTTPAnswerSourceObserver.current, outerRedirects: HTTPRedirectObserver.current))
    }

    /// The response head a stream's receiver was handed, if any.
    var head: HTTPResponse? { state.withLock { $0.head } }

    /// Keeps `response` as the stream's response head.
    func keep(head response: HTTPResponse) {
        state.withLock { $0.head = response }
    }

    /// Ends the running span now with `outcome`, and records this record for it.
    func finish(_ outcome: RecordedSpan.Outcome) {
        let ended = ContinuousClock.now
        let recorder = state.withLock { state in
            state.end = (outcome, ended)
            return state.recorder
        }
        recorder.record(.load(self))
    }

    /// The running span as it ended, with what the load heard; `nil` until ``finish(_:)``.
    var recorded: RecordedSpan? {
        state.withLock { state in
            state.end.map { end in
                state.span.ended(
                    end.outcome, exchange: state.metrics, sources: state.sources, target: state.recorder.target,
                    at: end.ended)
            }
        }
    }

    /// Runs `body` in `context` with observers that keep what the transport and the layers below report, and
    /// that give each followed redirect a span of its own.
    func observing<Result>(in context: TraceContext, _ body: () async throws -> Result) async throws -> Result {
        let observer = HTTPExchangeObserver { [state] metrics in
            state.withLock { state in
                state.metrics = metrics
                return state.outerExchange
            }?.observe(metrics)
        }
        let sourceObserver = HTTPAnswerSourceObserver { [state] source in
            state.withLock { state in
                state.sources.append(source)
                return state.outerSources
            }?.observe(source)
        }
        let redirectObserver = HTTPRedirectObserver { [state] hop in Self.followed(hop, in: state) }
        return try await TraceContext.$current.withValue(context) {
            try await HTTPExchangeObserver.$current.withValue(observer) {
                try await HTTPAnswerSourceObserver.$current.withValue(sourceObserver) {
                    try await HTTPRedirectObserver.$current.withValue(redirectObserver) { try await body() }
                }
            }
        }
    }

    /// Ends the running span with the redirect `hop` answered, starts the span of the request the transport
    /// sends next, and returns that request's fields: the observer in place's, then the new span's trace
    /// context.
    private static func followed(_ hop: HTTPRedirectHop, in state: LockedValue<State>) -> HTTPHeaders {
        let recorder = state.withLock { $0.recorder }
        let now = recorder.now()
        let (ended, next, outer) = state.withLock { state in
            let ended = state.span
            state.span = ended.nextHop(method: hop.nextMethod, url: hop.nextURL, now: now)
            return (ended, state.span, state.outerRedirects)
        }
        recorder.record(
            .ended(
                ended.ended(
                    .response(statusCode: hop.statusCode), exchange: hop.metrics, sources: [], target: recorder.target))
        )
        return (outer?.fields(after: hop) ?? [:]).merging(next.traceHeaders)
    }
}
