import Foundation
import HTTPClient
import HTTPTelemetry

/// Posts spans and metric points to an OpenTelemetry collector over OTLP/HTTP, as OTLP/JSON
/// (`Content-Type: application/json`): an `ExportTraceServiceRequest` per span export, an
/// `ExportMetricsServiceRequest` per metrics export.
///
/// Each signal goes through its own client, whose base URL is that signal's endpoint (see ``OTLPEndpoints``);
/// the exporter posts to the base URL itself. Give it clients without `tracing(into:baseURL:)`, so the export
/// is never traced.
///
/// ```swift
/// let endpoints = OTLPEndpoints(endpoint: URL(string: "http://localhost:4318")!)
/// let exporter = OTLPHTTPExporter(
///     traces: try endpoints.traces.map { try URLSessionClient(baseURL: $0) },
///     metrics: try endpoints.metrics.map { try URLSessionClient(baseURL: $0) },
///     headers: ["api-key": key], resource: TelemetryResource(serviceName: "networking"))
/// ```
public struct OTLPHTTPExporter: TelemetryExporter {
    /// Extra header fields sent with every export, such as a collector's API key.
    public let headers: HTTPHeaders
    /// The resource every export names.
    public let resource: TelemetryResource
    private let traces: (any HTTPClient)?
    private let metrics: (any HTTPClient)?

    /// An exporter that posts spans through `traces` and metric points through `metrics`.
    /// - Parameters:
    ///   - traces: A client whose base URL is the spans' endpoint, or `nil` to drop spans.
    ///   - metrics: A client whose base URL is the metrics' endpoint, or `nil` to drop metric points.
    ///   - headers: Extra header fields for every export; they never appear in an error.
    ///   - resource: The resource every export names.
    public init(
        traces: (any HTTPClient)?, metrics: (any HTTPClient)?, headers: HTTPHeaders = HTTPHeaders(),
        resource: TelemetryResource
    ) {
        self.traces = traces
        self.metrics = metrics
        self.headers = headers
        self.resource = resource
    }

    /// Posts `spans` as one `ExportTraceServiceRequest`; does nothing without a traces client.
    /// - Throws: ``OTLPExportError``.
    public func export(spans: [FinishedSpan]) async throws {
        guard let traces else { return }
        try await post(OTLPJSON.traces(spans, resource: resource), signal: .traces, through: traces)
    }

    /// Posts `metrics` as one `ExportMetricsServiceRequest`; does nothing without a metrics client.
    /// - Throws: ``OTLPExportError``.
    public func export(metrics points: [MetricPoint]) async throws {
        guard let metrics else { return }
        try await post(OTLPJSON.metrics(points, resource: resource), signal: .metrics, through: metrics)
    }

    private func post(_ document: String, signal: OTLPSignal, through client: any HTTPClient)
        async throws(OTLPExportError)
    {
        let request = OTLPExportRequest(headers: headers, body: Data(document.utf8))
        let response: HTTPResponse
        do {
            (_, response) = try await client.load(request: request)
        } catch {
            throw .unreachable(signal: signal, underlying: error)
        }
        guard (200..<300).contains(response.statusCode) else {
            throw .rejected(signal: signal, statusCode: response.statusCode)
        }
    }
}
