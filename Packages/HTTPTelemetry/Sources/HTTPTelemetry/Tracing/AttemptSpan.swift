import Foundation
import HTTPClient
import HTTPClientSupport

/// One attempt's CLIENT span while it runs: its context, the request attributes, and how it turns into a
/// ``FinishedSpan`` and a duration measurement, following the OpenTelemetry HTTP client conventions.
struct AttemptSpan: Sendable {
    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
    ]

    let name: String
    let context: TraceContext
    let parentSpanID: SpanID?
    /// `http.request.resend_count`: retries before this load plus redirects followed before this request.
    let resendCount: Int
    let startTime: Date
    let started: ContinuousClock.Instant
    /// The attributes the span and the histogram share, known before sending.
    let requestAttributes: Attributes
    /// The attributes of the span alone (`url.full`, the resend count).
    let spanOnlyAttributes: Attributes

    /// Starts the span of `request` sent to `url`, as a child of `parent` (or the root of a new trace), with
    /// `HTTPAttempt`'s resend count.
    /// `server` holds the URL's origin attributes when the caller knows them already.
    init(request: any HTTPRequest, url: URL?, server: Attributes? = nil, parent: TraceContext?, now: Date) {
        self.init(
            method: request.method.rawValue, template: request.statedURLTemplate, url: url, server: server,
            context: parent?.child() ?? .newTrace(), parentSpanID: parent?.spanID,
            resendCount: HTTPAttempt.resendCount, now: now)
    }

    /// The span of the request a followed redirect sends next: a sibling of this span (same trace and parent,
    /// its own span id), one resend more, with the next request's method and URL and no template.
    func nextHop(method: String, url: URL, now: Date) -> AttemptSpan {
        AttemptSpan(
            method: method, template: nil, url: url, server: nil, context: context.child(),
            parentSpanID: parentSpanID, resendCount: resendCount + 1, now: now)
    }

    private init(
        method: String, template: String?, url: URL?, server: Attributes?, context: TraceContext,
        parentSpanID: SpanID?, resendCount: Int, now: Date
    ) {
        let known = Self.knownMethods.contains(method)
        name = (known ? method : "HTTP") + (template.map { " \($0)" } ?? "")
        self.context = context
        self.parentSpanID = parentSpanID
        self.resendCount = resendCount
        startTime = now
        started = .now
        var shared: Attributes = ["http.request.method": .string(known ? method : "_OTHER")]
        var own: Attributes = [:]
        if !known { own["http.request.method_original"] = .string(method) }
        if let url {
            shared.merge(server ?? Self.serverAttributes(of: url)) { first, _ in first }
            own["url.full"] = .string(SpanURL.full(url))
        }
        if let template { shared["url.template"] = .string(template) }
        if resendCount > 0 { own["http.request.resend_count"] = .int(Int64(resendCount)) }
        requestAttributes = shared
        spanOnlyAttributes = own
    }

    /// `server.address`, `server.port` (the scheme's default when the URL names none) and `url.scheme` of
    /// `url`.
    static func serverAttributes(of url: URL) -> Attributes {
        var attributes: Attributes = [:]
        if let host = url.host { attributes["server.address"] = .string(host) }
        if let port = url.port ?? Self.defaultPort(scheme: url.scheme) { attributes["server.port"] = .int(Int64(port)) }
        if let scheme = url.scheme { attributes["url.scheme"] = .string(scheme) }
        return attributes
    }

    /// Starts the span of `request` sent to `target`, as a child of ``TraceContext/current``, else of a valid
    /// `traceparent` the request carries, else as the root of a new trace.
    static func start(_ request: any HTTPRequest, target: SpanTarget, now: Date) -> AttemptSpan {
        let incoming = request.headers?["traceparent"].flatMap {
            TraceContext(traceparent: $0, tracestate: request.headers?["tracestate"])
        }
        return AttemptSpan(
            request: request, url: try? target.urls.url(for: request), server: target.serverAttributes,
            parent: TraceContext.current ?? incoming, now: now)
    }

    /// The span ended with `response`: status Error from 400 on (a client span), as the conventions say.
    /// `exchange` is what the transport measured, when it measured anything.
    func finished(with response: HTTPResponse, exchange: HTTPExchangeMetrics?, at end: Date) -> (
        FinishedSpan, Attributes
    ) {
        finished(withStatus: response.statusCode, exchange: exchange, at: end)
    }

    /// The span ended with a response of `statusCode`: a followed redirect's, or the final response's.
    func finished(withStatus statusCode: Int, exchange: HTTPExchangeMetrics?, at end: Date) -> (
        FinishedSpan, Attributes
    ) {
        var shared = sharedAttributes(exchange)
        shared["http.response.status_code"] = .int(Int64(statusCode))
        var status = SpanStatus.unset
        if statusCode >= 400 {
            shared["error.type"] = .string(String(statusCode))
            status = .error(description: "HTTP \(statusCode)")
        }
        return (span(shared, status: status, exchange: exchange, end: end), shared)
    }

    /// The span ended without a response and without an error: a client that returned without calling its
    /// receiver. Nothing is known against it, so its status stays unset.
    func finishedWithoutResponse(exchange: HTTPExchangeMetrics?, at end: Date) -> (FinishedSpan, Attributes) {
        let shared = sharedAttributes(exchange)
        return (span(shared, status: .unset, exchange: exchange, end: end), shared)
    }

    /// The span ended with `error`, before or while reading the response.
    func finished(
        with error: any Error, response: HTTPResponse?, exchange: HTTPExchangeMetrics?, at end: Date
    ) -> (FinishedSpan, Attributes) {
        var shared = sharedAttributes(exchange)
        if let response { shared["http.response.status_code"] = .int(Int64(response.statusCode)) }
        let type = Self.errorType(of: error)
        shared["error.type"] = .string(type)
        return (span(shared, status: .error(description: type), exchange: exchange, end: end), shared)
    }

    /// The fields that carry the span's context on its request: `traceparent`, and `tracestate` when the parent
    /// had one.
    var traceHeaders: HTTPHeaders {
        var headers: HTTPHeaders = ["traceparent": context.traceparent]
        if let state = context.traceState { headers["tracestate"] = state }
        return headers
    }

    /// Seconds since the span started, on the monotonic clock.
    var elapsedSeconds: Double {
        (ContinuousClock.now - started).seconds
    }

    /// The request attributes with what `exchange` adds to both the span and the histogram, with room for the
    /// response's.
    private func sharedAttributes(_ exchange: HTTPExchangeMetrics?) -> Attributes {
        var shared = requestAttributes
        shared.reserveCapacity(requestAttributes.count + 3)
        exchange?.addSharedAttributes(to: &shared)
        return shared
    }

    private func span(
        _ shared: Attributes, status: SpanStatus, exchange: HTTPExchangeMetrics?, end: Date
    ) -> FinishedSpan {
        var attributes = shared
        attributes.reserveCapacity(shared.count + spanOnlyAttributes.count + 4)
        attributes.merge(spanOnlyAttributes) { first, _ in first }
        exchange?.addSpanAttributes(to: &attributes)
        return FinishedSpan(
            name: name, kind: .client, context: context, parentSpanID: parentSpanID, startTime: startTime,
            endTime: end, attributes: attributes, events: exchange?.spanEvents ?? [], status: status)
    }

    /// `error.type`: a transport failure's kind, cancellation as `cancelled`, any other error its type name.
    /// Never the error's text, which could hold a URL or a value.
    static func errorType(of error: any Error) -> String {
        if let transport = error as? HTTPTransportError { return transport.kind.rawValue }
        if error is CancellationError { return HTTPTransportError.Kind.cancelled.rawValue }
        return String(describing: type(of: error))
    }

    private static func defaultPort(scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
