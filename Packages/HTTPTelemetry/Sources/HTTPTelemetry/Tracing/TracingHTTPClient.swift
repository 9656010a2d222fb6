import Foundation
import HTTPClient
import HTTPClientSupport

/// Makes one OpenTelemetry CLIENT span per request that passes through it, and counts its duration in the
/// `http.client.request.duration` histogram.
///
/// Placed below a retrying decorator, each attempt is one span, with `http.request.resend_count` from
/// `HTTPLoadObservation`. Each redirect the transport follows (heard through `HTTPLoadObservation`) ends the span of
/// the request it answered, with its 3xx status, and starts a sibling span for the next request, one resend
/// more. The span is a child of ``TraceContext/current`` (or of a valid `traceparent`
/// the request already carries), or the root of a new trace. Every request goes out with its span's
/// `traceparent`, and with the parent's `tracestate` when there is one.
///
/// Attributes follow the HTTP client semantic conventions: `http.request.method`, `server.address`,
/// `server.port`, `url.scheme`, `url.full` (see ``SpanURL``), `url.template` where the request states one
/// (`HTTPURLTemplated`), `http.response.status_code`, `error.type`. Status is Error from status
/// 400 on and for every thrown error. No header value is ever recorded. What the transport measured
/// (`HTTPExchangeMetrics`, heard through `HTTPLoadObservation`) adds `network.protocol.version`,
/// `network.peer.address` and `network.peer.port`, the body sizes, and one `networking.phase.<phase>` event per
/// phase it knows (`name_lookup`, `connect`, `tls`, `request_sent`, `first_byte`, `end`); an observer set
/// around the decorator still hears every exchange. What the layers below report through
/// `HTTPLoadObservation` adds `networking.cache.result` and `networking.replayed` (see
/// `HTTPAnswerSource`); an answer no transport made has no phase events. Below a cache, an
/// ``AnswerSourceTracingHTTPClient`` above the cache adds the cache's verdict to each attempt span and gives an
/// answer with no attempt a span of its own.
public struct TracingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let collector: TelemetryCollector
    let target: SpanTarget

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client that sends the requests.
    ///   - collector: Where the spans and durations go.
    ///   - baseURL: The base URL the transport resolves requests against, for `url.full` and `server.*`.
    public init(client: any HTTPClient, collector: TelemetryCollector, baseURL: URL) {
        self.client = client
        self.collector = collector
        target = SpanTarget(baseURL: baseURL)
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        var observation = HTTPLoadObservation.current
        let (first, outgoing) = AttemptSpan.startPropagating(
            request, resendCount: observation.resendCount, now: collector.now())
        let exchange = record(first, replacing: &observation)
        do {
            // The bindings are written out here, not in a helper: each async frame between the caller and the
            // transport costs a hop back to the executor and a frame from the task's allocator.
            let (data, response) = try await TraceContext.$current.withValue(first.context) {
                try await HTTPLoadObservation.$current.withValue(observation) {
                    try await client.load(request: outgoing)
                }
            }
            exchange.finish(.response(statusCode: response.statusCode))
            return (data, response)
        } catch {
            exchange.finish(.failure(errorType: AttemptSpan.errorType(of: error), statusCode: nil))
            throw error
        }
    }

    /// Streams `request` in one span that ends when `receive` returns or anything throws.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        var observation = HTTPLoadObservation.current
        let (first, outgoing) = AttemptSpan.startPropagating(
            request, resendCount: observation.resendCount, now: collector.now())
        let exchange = record(first, replacing: &observation)
        do {
            let result = try await TraceContext.$current.withValue(first.context) {
                try await HTTPLoadObservation.$current.withValue(observation) {
                    try await client.stream(request: outgoing, body: body, progress: progress) {
                        response, responseBody in
                        exchange.keep(head: response)
                        return try await receive(response, responseBody)
                    }
                }
            }
            exchange.finish(exchange.head.map { .response(statusCode: $0.statusCode) } ?? .noResponse)
            return result
        } catch {
            exchange.finish(
                .failure(errorType: AttemptSpan.errorType(of: error), statusCode: exchange.head?.statusCode))
            throw error
        }
    }

    /// The record of a load whose running span is `first`, made the load observer of `observation` in place of
    /// the one it passes reports on to; its spans go to the answer scope of that one, if any, else the collector.
    private func record(_ first: AttemptSpan, replacing observation: inout HTTPLoadObservation) -> ExchangeRecord {
        let outer = observation.loadObserver
        let recorder = SpanRecorder(collector: collector, target: target, scope: AnswerScope.enclosing(outer))
        let exchange = ExchangeRecord(first: first, recorder: recorder, outer: outer)
        observation.loadObserver = exchange
        return exchange
    }
}

extension HTTPClient {
    /// Traces every request as an OpenTelemetry CLIENT span and propagates W3C Trace Context; see
    /// ``TracingHTTPClient``. Place it below a retrying decorator so that each attempt gets its own span.
    /// - Parameters:
    ///   - collector: Where the spans and durations go.
    ///   - baseURL: The base URL the transport resolves requests against.
    public func tracing(into collector: TelemetryCollector, baseURL: URL) -> any HTTPClient {
        TracingHTTPClient(client: self, collector: collector, baseURL: baseURL)
    }
}
