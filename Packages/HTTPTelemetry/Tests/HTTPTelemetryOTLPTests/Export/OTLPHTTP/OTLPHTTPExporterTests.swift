import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTelemetry
import HTTPTelemetryOTLP
import Testing

struct OTLPHTTPExporterTests {
    @Test func spansArePostedAsOTLPJSONWithTheExtraHeaders() async throws {
        let traces = ScriptedHTTPClient(replies: [.status(200, body: "{}")])
        let sut = makeSUT(traces: traces, headers: ["api-key": "s3cret", "Content-Type": "text/plain"])
        let span = FinishedSpan(
            name: "GET", kind: .client, context: .newTrace(), parentSpanID: nil, startTime: Date(), endTime: Date())

        try await sut.export(spans: [span])

        let requests = await traces.requests
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == .post && request.path.isEmpty && request.version.isEmpty)
        #expect(request.headers?["Content-Type"] == "application/json")
        #expect(request.headers?["api-key"] == "s3cret")
        #expect(request.body == Data(OTLPJSON.traces([span], resource: Self.resource).utf8))
    }

    @Test func metricPointsArePostedThroughTheMetricsClient() async throws {
        let traces = ScriptedHTTPClient()
        let metrics = ScriptedHTTPClient(replies: [.status(204)])
        let sut = makeSUT(traces: traces, metrics: metrics)
        let point = Self.point()

        try await sut.export(metrics: [point])

        #expect(await traces.requests.isEmpty)
        #expect(await metrics.requests.map(\.body) == [Data(OTLPJSON.metrics([point], resource: Self.resource).utf8)])
    }

    @Test func aSignalWithoutAClientIsNotExported() async throws {
        let sut = OTLPHTTPExporter(traces: nil, metrics: nil, resource: Self.resource)

        try await sut.export(spans: [])
        try await sut.export(metrics: [Self.point()])
    }

    @Test(arguments: [199, 301, 400, 404, 503])
    func anAnswerOutside2xxIsARejection(statusCode: Int) async throws {
        let sut = makeSUT(metrics: ScriptedHTTPClient(replies: [.status(statusCode, body: "no")]))

        let error = await #expect(throws: OTLPExportError.self) { try await sut.export(metrics: [Self.point()]) }

        guard case .rejected(.metrics, statusCode) = error else {
            Issue.record("expected a rejection of the metrics with \(statusCode), got \(String(describing: error))")
            return
        }
        #expect(error?.description == "The OTLP collector answered \(statusCode) to the metrics export")
    }

    @Test func aFailedLoadIsAnUnreachableCollectorKeepingTheCause() async throws {
        let cause = HTTPTransportError.cannotConnect(underlying: TestFailure("refused"))
        let sut = makeSUT(traces: ScriptedHTTPClient(replies: [.failure(cause)]), headers: ["api-key": "s3cret"])

        let error = await #expect(throws: OTLPExportError.self) { try await sut.export(spans: [Self.span()]) }

        #expect(error?.signal == .traces)
        #expect((error?.underlying as? HTTPTransportError)?.kind == .cannotConnect)
        #expect(
            error?.description
                == "Could not send the traces to the OTLP collector (Could not connect to the server (refused))")
        #expect(error.map { !"\($0)".contains("s3cret") } == true)
    }

    private static let resource = TelemetryResource(serviceName: "test")

    private func makeSUT(
        traces: ScriptedHTTPClient? = nil, metrics: ScriptedHTTPClient? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) -> OTLPHTTPExporter {
        OTLPHTTPExporter(traces: traces, metrics: metrics, headers: headers, resource: Self.resource)
    }

    private static func span() -> FinishedSpan {
        FinishedSpan(
            name: "GET", kind: .client, context: .newTrace(), parentSpanID: nil, startTime: Date(), endTime: Date())
    }

    private static func point() -> MetricPoint {
        MetricPoint(
            name: "http.client.request.duration", description: "d", unit: "s", attributes: [:],
            startTime: Date(), time: Date(), count: 1, sum: 0.1, min: 0.1, max: 0.1, explicitBounds: [1],
            bucketCounts: [1, 0])
    }
}
