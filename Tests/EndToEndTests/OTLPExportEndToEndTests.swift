import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import HTTPTelemetry
import HTTPTelemetryOTLP
import Testing
import URLSessionInfrastructure

/// `OTLPHTTPExporter` over `URLSessionClient` against the dev server's OTLP/HTTP receiver: what the collector keeps,
/// a refusal, and a collector that cannot be reached.
@Suite(.timeLimit(.minutes(1)))
struct OTLPExportEndToEndTests {
    @Test func theCollectorReceivesTheSpansAndTheMetricsWithTheExtraHeaders() async throws {
        try await DevServer.run { server in
            let collector = TelemetryCollector(exporter: try makeSUT(server.baseURL, headers: ["api-key": "k3y"]))
            let span = FinishedSpan(
                name: "GET", kind: .client, context: .newTrace(), parentSpanID: nil, startTime: Date(),
                endTime: Date())
            collector.record(span)
            collector.recordRequestDuration(0.02, attributes: ["http.request.method": "GET"])

            try await collector.flush()

            let exports = try await receivedExports(server)
            #expect(exports.traces.count == 1 && exports.metrics.count == 1)
            let trace = try #require(exports.traces.first)
            #expect(trace.header("api-key") == "k3y" && trace.header("content-type") == "application/json")
            #expect(trace.body.contains(span.context.traceID.hex) && trace.body.contains("\"kind\":3"))
            #expect(exports.metrics.first?.body.contains("http.client.request.duration") == true)
        }
    }

    @Test func aRefusalIsARejectionWithItsStatus() async throws {
        try await DevServer.run { server in
            try await DevServerAdmin(server).post(
                "fail-next", json: #"{"method":"POST","path":"/v1/metrics","status":503}"#)
            let sut = try makeSUT(server.baseURL)

            let error = await #expect(throws: OTLPExportError.self) {
                try await sut.export(metrics: [Self.point()])
            }

            guard case .rejected(.metrics, 503) = error else {
                Issue.record("expected a 503 rejection of the metrics, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func aClosedPortIsAnUnreachableCollectorThatKeepsTheTransportError() async throws {
        let closed = try ReservedPort()
        let sut = try makeSUT(try #require(URL(string: "http://127.0.0.1:\(closed.port)")), headers: ["api-key": "k3y"])

        let error = await #expect(throws: OTLPExportError.self) {
            try await sut.export(spans: [])
        }

        #expect(error?.signal == .traces)
        #expect((error?.underlying as? HTTPTransportError)?.kind == .cannotConnect)
        #expect(error.map { !"\($0)".contains("k3y") } == true)
    }

    private func makeSUT(_ endpoint: URL, headers: HTTPHeaders = HTTPHeaders()) throws -> OTLPHTTPExporter {
        let endpoints = OTLPEndpoints(endpoint: endpoint)
        return OTLPHTTPExporter(
            traces: try endpoints.traces.map { try URLSessionClient.ephemeral(baseURL: $0.absoluteString) },
            metrics: try endpoints.metrics.map { try URLSessionClient.ephemeral(baseURL: $0.absoluteString) },
            headers: headers, resource: TelemetryResource(serviceName: "e2e"))
    }

    private static func point() -> MetricPoint {
        MetricPoint(
            name: "http.client.request.duration", description: "d", unit: "s", attributes: [:], startTime: Date(),
            time: Date(), count: 1, sum: 0.1, min: 0.1, max: 0.1, explicitBounds: [1], bucketCounts: [1, 0])
    }
}

/// One export the dev server's receiver kept: its headers and its body as JSON text.
private struct ReceivedExport {
    let headers: [[String]]
    let body: String

    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name }?.last
    }
}

/// `GET /_admin/otlp`: the exports the dev server received, per signal.
private func receivedExports(_ server: DevServer) async throws -> (traces: [ReceivedExport], metrics: [ReceivedExport])
{
    let (data, _) = try await server.transport().load(request: devRequest(.get, "_admin/otlp"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[String: Any]]])
    func exports(_ signal: String) throws -> [ReceivedExport] {
        try (document[signal] ?? []).map { entry in
            let body = try JSONSerialization.data(withJSONObject: entry["body"] ?? [:], options: [.sortedKeys])
            return ReceivedExport(
                headers: entry["headers"] as? [[String]] ?? [], body: String(decoding: body, as: UTF8.self))
        }
    }
    return (try exports("traces"), try exports("metrics"))
}
