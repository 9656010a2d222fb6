import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPClientTestSupport
import HTTPTelemetry
import Testing

/// `.tracing(into:baseURL:)` below `.retrying()` over `URLSessionClient`, against the dev server's echo route
/// failed once by a fail-next rule: one span per attempt, and the server saw each attempt's own `traceparent`.
@Suite(.timeLimit(.minutes(1)))
struct TracingEndToEndTests {
    @Test func aRetriedRequestIsTwoAttemptSpansEachWithTheTraceparentTheServerSaw() async throws {
        try await DevServer.run { server in
            let admin = try DevServerAdmin(server)
            try await admin.post(
                "fail-next", json: #"{"method":"GET","path":"/echo/traced","status":503,"echo":true}"#)
            let echoes = RecordedValues<DevServerEcho>()
            let collector = TelemetryCollector(exporter: NoExporter())
            let sut = EchoRecordingClient(client: try server.transport(), echoes: echoes)
                .tracing(into: collector, baseURL: server.baseURL)
                .retrying(RetryPolicy(baseDelay: .milliseconds(1)))
            let parent = TraceContext.newTrace()

            let (_, response) = try await TraceContext.$current.withValue(parent) {
                try await sut.load(request: devRequest(.get, "echo/traced", query: ["access_token": "t0k3n"]))
            }

            #expect(response.statusCode == 200)
            #expect(try await admin.count("failed-next:GET /echo/traced") == 1)
            let spans = collector.pendingSpans
            #expect(spans.count == 2)
            #expect(spans.map { $0.attributes["http.request.resend_count"] } == [nil, 1])
            #expect(spans.map { $0.attributes["http.response.status_code"] } == [503, 200])
            #expect(spans.allSatisfy { $0.context.traceID == parent.traceID && $0.parentSpanID == parent.spanID })
            #expect(Set(spans.map(\.context.spanID)).count == 2)
            #expect(echoes.values.map { $0.header("traceparent") } == spans.map(\.context.traceparent))
            #expect(!"\(spans)".contains("t0k3n"))
        }
    }
}

/// Passes every request to the server and keeps the echo each answer carries (the echo route's, or a fail-next
/// rule's with `echo`), so the test sees what the server received on every attempt.
private struct EchoRecordingClient: HTTPClient {
    let client: any HTTPClient
    let echoes: RecordedValues<DevServerEcho>

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await client.load(request: request)
        echoes.append(try JSONDecoder().decode(DevServerEcho.self, from: data))
        return (data, response)
    }
}

/// Keeps nothing: the test reads the collector's pending spans.
private struct NoExporter: TelemetryExporter {
    func export(spans: [FinishedSpan]) async throws {}
    func export(metrics: [MetricPoint]) async throws {}
}
