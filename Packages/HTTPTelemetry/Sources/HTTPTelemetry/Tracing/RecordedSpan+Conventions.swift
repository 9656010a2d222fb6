import Foundation
import HTTPClientSupport

extension RecordedSpan {
    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
    ]

    /// The span as exporters receive it, and the attributes of its `http.client.request.duration` point,
    /// following the OpenTelemetry HTTP client conventions.
    ///
    /// Status is Error from status 400 on (a client span) and for every error; a span that ended without a
    /// response or an error keeps it unset. The span's own attributes win over what its sources add, and those
    /// over what `callerSources` add: the sources an ``AnswerSourceTracingHTTPClient`` above heard for the whole
    /// call, innermost first.
    func converted(callerSources: [HTTPAnswerSource] = []) -> (span: FinishedSpan, durationAttributes: Attributes) {
        let method = span.request.method
        let known = Self.knownMethods.contains(method)
        let template = span.request.template
        var shared: Attributes = ["http.request.method": .string(known ? method : "_OTHER")]
        var attributes: Attributes = [:]
        if !known { attributes["http.request.method_original"] = .string(method) }
        if let url = span.request.url(builtWith: target.urls) {
            let server: Attributes? =
                switch span.request {
                case .sent: target.serverAttributes
                case .redirected: nil
                }
            shared.merge(server ?? SpanTarget.serverAttributes(of: url)) { first, _ in first }
            attributes["url.full"] = .string(SpanURL.full(url))
        }
        if let template { shared["url.template"] = .string(template) }
        if span.resendCount > 0 { attributes["http.request.resend_count"] = .int(Int64(span.resendCount)) }
        exchange?.addSharedAttributes(to: &shared)
        let status = Self.add(outcome, to: &shared)
        attributes.merge(shared) { own, _ in own }
        exchange?.addSpanAttributes(to: &attributes)
        attributes.merge(HTTPAnswerSource.spanAttributes(of: sources)) { own, _ in own }
        attributes.merge(HTTPAnswerSource.spanAttributes(of: callerSources)) { own, _ in own }
        let finished = FinishedSpan(
            name: (known ? method : "HTTP") + (template.map { " \($0)" } ?? ""), kind: kind, context: span.context,
            parentSpanID: span.parentSpanID, startTime: span.startTime, endTime: endTime, attributes: attributes,
            events: exchange?.spanEvents ?? [], status: status)
        return (finished, shared)
    }

    /// Adds the status code and error type of `outcome` to `attributes` and returns the span's status.
    private static func add(_ outcome: Outcome, to attributes: inout Attributes) -> SpanStatus {
        switch outcome {
        case .response(let statusCode):
            attributes["http.response.status_code"] = .int(Int64(statusCode))
            guard statusCode >= 400 else { return .unset }
            attributes["error.type"] = .string(String(statusCode))
            return .error(description: "HTTP \(statusCode)")
        case .failure(let errorType, let statusCode):
            if let statusCode { attributes["http.response.status_code"] = .int(Int64(statusCode)) }
            attributes["error.type"] = .string(errorType)
            return .error(description: errorType)
        case .noResponse:
            return .unset
        }
    }
}
