import Foundation
import HTTPClient
import HTTPClientSupport

/// One load's running span and what it heard, behind one lock: the span each followed redirect ends and
/// replaces, the transport's last measurement, the sources of the answer and, for a stream, the response head.
///
/// The record is itself the `HTTPLoadObserver` its load binds (as `HTTPLoadObservation/loadObserver`), so that one binding
/// hears the transport's measurements, the answer's sources and each followed redirect. It passes what it
/// hears on to the load observer it replaced; a followed redirect ends the running span and starts the next
/// one, whose fields go on top of those of the observer it replaced. When the load ends, the record itself is
/// what the collector keeps (``PendingSpan/load(_:)``) until it forms the span.
struct ExchangeRecord: HTTPLoadObserver {
    /// How and when the running span ended.
    private struct Ending: Sendable {
        let outcome: RecordedSpan.Outcome
        let ended: ContinuousClock.Instant
    }

    private struct State: Sendable {
        var span: AttemptSpan
        var metrics: HTTPExchangeMetrics?
        var sources: [HTTPAnswerSource] = []
        var head: HTTPResponse?
        var end: Ending?
    }

    private let state: LockedValue<State>
    /// Where the load's spans go.
    let recorder: SpanRecorder
    /// The load observer in place when the load started.
    private let outer: (any HTTPLoadObserver)?

    /// A record whose running span is `first`, whose followed redirects' spans go to `recorder`, and which
    /// passes what it hears on to `outer`, the load observer it replaces.
    init(first: AttemptSpan, recorder: SpanRecorder, outer: (any HTTPLoadObserver)?) {
        state = LockedValue(State(span: first))
        self.recorder = recorder
        self.outer = outer
    }

    /// The response head a stream's receiver was handed, if any.
    var head: HTTPResponse? { state.withLock { $0.head } }

    /// Keeps `response` as the stream's response head.
    func keep(head response: HTTPResponse) {
        state.withLock { $0.head = response }
    }

    /// Ends the running span now with `outcome`, and records this record for it.
    func finish(_ outcome: RecordedSpan.Outcome) {
        let ending = Ending(outcome: outcome, ended: .now)
        state.withLock { $0.end = ending }
        recorder.record(.load(self))
    }

    /// The running span as it ended, with what the load heard; `nil` until ``finish(_:)``.
    var recorded: RecordedSpan? {
        state.withLock { state in
            state.end.map { end in
                state.span.ended(
                    end.outcome, exchange: state.metrics, sources: state.sources, target: recorder.target,
                    at: end.ended)
            }
        }
    }

    /// Keeps the transport's measurement of the running span's exchange.
    func observe(_ metrics: HTTPExchangeMetrics) {
        state.withLock { $0.metrics = metrics }
        outer?.observe(metrics)
    }

    /// Keeps a source of the answer.
    func observe(_ source: HTTPAnswerSource) {
        state.withLock { $0.sources.append(source) }
        outer?.observe(source)
    }

    /// Ends the running span with the redirect `hop` answered, starts the span of the request the transport
    /// sends next, and returns that request's fields: the replaced observer's, then the new span's trace
    /// context.
    func fields(after hop: HTTPRedirectHop) -> HTTPHeaders {
        let now = recorder.now()
        let (ended, next) = state.withLock { state in
            let ended = state.span
            state.span = ended.nextHop(method: hop.nextMethod, url: hop.nextURL, now: now)
            return (ended, state.span)
        }
        recorder.record(
            .ended(
                ended.ended(
                    .response(statusCode: hop.statusCode), exchange: hop.metrics, sources: [], target: recorder.target))
        )
        return (outer?.fields(after: hop) ?? [:]).merging(next.traceHeaders)
    }
}
