import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTelemetry
import Testing
import URLSessionInfrastructure

/// `.tracing(into:baseURL:)` over each transport, against the dev server's `/faults/redirect-hops`, which
/// redirects twice and hands on the `traceparent` each hop received: one span per request, each request with
/// its own span's `traceparent`.
@Suite(.timeLimit(.minutes(1)))
struct TracingRedirectEndToEndTests {
    enum Transport: String, CaseIterable, Sendable {
        case curl, urlSession

        func make(baseURL: URL) throws -> any HTTPClient {
            switch self {
            case .curl: try CurlClient(baseURL: baseURL)
            case .urlSession: try URLSessionClient.ephemeral(baseURL: baseURL.absoluteString)
            }
        }
    }

    @Test(arguments: Transport.allCases)
    func twoRedirectsAreThreeSiblingSpansEachWithTheTraceparentItsRequestCarried(transport: Transport) async throws {
        try await DevServer.run { server in
            let collector = TelemetryCollector(exporter: DiscardingExporter())
            let sut = try transport.make(baseURL: server.baseURL).tracing(into: collector, baseURL: server.baseURL)
            let parent = TraceContext.newTrace()

            let (data, response) = try await TraceContext.$current.withValue(parent) {
                try await sut.load(request: devRequest(.get, "faults/redirect-hops", query: ["hops": "2"]))
            }

            #expect(response.statusCode == 200)
            let echo = try JSONDecoder().decode(DevServerEcho.self, from: data)
            let spans = collector.pendingSpans
            try #require(spans.count == 3)
            #expect(spans.map { $0.attributes["http.request.resend_count"] } == [nil, 1, 2])
            #expect(spans.map { $0.attributes["http.response.status_code"] } == [302, 302, 200])
            let paths = spans.map { span -> String? in
                guard case .string(let url)? = span.attributes["url.full"] else { return nil }
                return URL(string: url)?.path
            }
            #expect(paths == ["/faults/redirect-hops", "/faults/redirect-hops", "/echo/redirect-hops"])
            #expect(spans.allSatisfy { $0.context.traceID == parent.traceID && $0.parentSpanID == parent.spanID })
            #expect(Set(spans.map(\.context.spanID)).count == 3)
            #expect(echo.header("traceparent") == spans[2].context.traceparent)
            #expect(echo.queryItems == [["seen", "\(spans[0].context.traceparent),\(spans[1].context.traceparent)"]])
            #expect(collector.metricPoints().map(\.count).reduce(0, +) == 3)
            if transport == .curl {
                #expect(spans.allSatisfy { $0.events.contains { $0.name == "networking.phase.first_byte" } })
            }
        }
    }
}

/// Keeps nothing: the test reads the collector's pending spans.
private struct DiscardingExporter: TelemetryExporter {
    func export(spans: [FinishedSpan]) async throws {}
    func export(metrics: [MetricPoint]) async throws {}
}
