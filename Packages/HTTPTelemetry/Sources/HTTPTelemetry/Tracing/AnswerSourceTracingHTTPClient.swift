import Foundation
import HTTPClient
import HTTPClientSupport

/// Shows on the trace what a cache or a replaying client beneath it made of each request, when the attempts are
/// traced further down (``TracingHTTPClient`` below a retrying decorator, below the cache).
///
/// Place it directly above the cache. For each request it hears the sources the layers beneath report through
/// `HTTPLoadObservation`, and:
/// - gives every attempt span that ended beneath it during the call `networking.cache.result` and
///   `networking.replayed` (see `HTTPAnswerSource`), so a revalidation's attempt says `revalidated`. Those spans
///   are recorded when the call returns or throws;
/// - makes one INTERNAL span of its own for an answer given with no attempt beneath (a fresh hit, a stale answer
///   served at once, a replay), a child of ``TraceContext/current``: named and attributed like an attempt span
///   (`url.full`, `server.*`, `url.template`, the status the answer has), with the answer-source attributes, no
///   phase events, from the call to the answer. It counts nothing in the duration histogram.
///
/// An answer that needed attempts gets no span of its own; a request that throws gets none either.
public struct AnswerSourceTracingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let collector: TelemetryCollector
    let target: SpanTarget

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The cache (or replaying client) whose answers are traced.
    ///   - collector: Where the spans go; the one the attempts below are traced into.
    ///   - baseURL: The base URL the transport resolves requests against, for `url.full` and `server.*`.
    public init(client: any HTTPClient, collector: TelemetryCollector, baseURL: URL) {
        self.client = client
        self.collector = collector
        target = SpanTarget(baseURL: baseURL)
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let span = AttemptSpan.start(
            request, resendCount: HTTPLoadObservation.current.resendCount, now: collector.now())
        let call = AnswerCall()
        do {
            let answer = try await call.running { try await client.load(request: request) }
            finish(call, span, response: answer.1)
            return answer
        } catch {
            finish(call, span, response: nil)
            throw error
        }
    }

    /// Streams `request`; an answer with no attempt beneath gets its span when `receive` returns.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let span = AttemptSpan.start(
            request, resendCount: HTTPLoadObservation.current.resendCount, now: collector.now())
        let call = AnswerCall()
        let head = LockedValue<HTTPResponse?>(nil)
        do {
            let result = try await call.running {
                try await client.stream(request: request, body: body, progress: progress) { response, responseBody in
                    head.withLock { $0 = response }
                    return try await receive(response, responseBody)
                }
            }
            finish(call, span, response: head.withLock { $0 })
            return result
        } catch {
            finish(call, span, response: nil)
            throw error
        }
    }

    private func finish(_ call: AnswerCall, _ span: AttemptSpan, response: HTTPResponse?) {
        let (attempts, sources) = call.end()
        for attempt in attempts { collector.record(attempt, callerSources: sources) }
        guard attempts.isEmpty, let response, let last = sources.last, last.sendsNothing else { return }
        collector.record(
            .ended(
                span.ended(
                    .response(statusCode: response.statusCode), exchange: nil, sources: sources, target: target,
                    kind: .internal, countsDuration: false)))
    }
}

extension HTTPAnswerSource {
    /// Whether an answer of this source needs no request to the origin: a fresh hit, a stale answer, a replay.
    fileprivate var sendsNothing: Bool {
        switch self {
        case .cache(.hit), .cache(.stale), .replay: true
        case .cache(.revalidated), .cache(.miss): false
        }
    }
}

extension HTTPClient {
    /// Shows what a cache or replaying client beneath makes of each request on the trace, when the attempts are
    /// traced further down; see ``AnswerSourceTracingHTTPClient``. Place it directly above the cache.
    /// - Parameters:
    ///   - collector: Where the spans go; the one the attempts below are traced into.
    ///   - baseURL: The base URL the transport resolves requests against.
    public func tracingAnswerSources(into collector: TelemetryCollector, baseURL: URL) -> any HTTPClient {
        AnswerSourceTracingHTTPClient(client: self, collector: collector, baseURL: baseURL)
    }
}
