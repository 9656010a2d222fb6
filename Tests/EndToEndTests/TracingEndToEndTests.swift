import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPClientTestSupport
import HTTPTelemetry
import Testing

/// `.tracing(into:baseURL:)` below `.retrying()` over `URLSessionClient`, against the dev server's echo route:
/// one span per attempt, and the server sees each attempt's own `traceparent`.
@Suite(.timeLimit(.minutes(1)))
struct TracingEndToEndTests {
    @Test func aRetriedRequestIsTwoAttemptSpansEachWithTheTraceparentTheServerSaw() async throws {
        try await DevServer.run { server in
            let echoes = RecordedValues<DevServerEcho>()
            let collector = TelemetryCollector(exporter: NoExporter())
            let sut = FirstAnswerUnavailable(client: try server.transport(), echoes: echoes)
                .tracing(into: collector, baseURL: server.baseURL)
                .retrying(RetryPolicy(baseDelay: .milliseconds(1)))
            let parent = TraceContext.newTrace()

            let (_, response) = try await TraceContext.$current.withValue(parent) {
                try await sut.load(request: devRequest(.get, "echo/traced", query: ["access_token": "t0k3n"]))
            }

            #expect(response.statusCode == 200)
            let spans = collector.pendingSpans
            #expect(spans.count == 2)
            #expect(spans.map { $0.attributes["http.request.resend_count"] } == [nil, 1])
            #expect(spans.map { $0.attributes["http.response.status_code"] } == [503, 200])
            #expect(spans.allSatisfy { $0.context.traceID == parent.traceID && $0.parentSpanID == parent.spanID })
            #expect(echoes.values.map { $0.header("traceparent") } == spans.map(\.context.traceparent))
            #expect(!"\(spans)".contains("t0k3n"))
        }
    }
}

/// Passes every request to the server, which echoes it, and turns the first answer into a 503, so the retry
/// above sends the request again.
private struct FirstAnswerUnavailable: HTTPClient {
    let client: any HTTPClient
    let echoes: RecordedValues<DevServerEcho>

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await client.load(request: request)
        echoes.append(try JSONDecoder().decode(DevServerEcho.self, from: data))
        guard echoes.count == 1 else { return (data, response) }
        return (Data(), HTTPResponse(statusCode: 503))
    }
}

/// Keeps nothing: the test reads the collector's pending spans.
private struct NoExporter: TelemetryExporter {
    func export(spans: [FinishedSpan]) async throws {}
    func export(metrics: [MetricPoint]) async throws {}
}
