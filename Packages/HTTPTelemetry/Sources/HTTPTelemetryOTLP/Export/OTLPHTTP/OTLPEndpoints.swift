import Foundation
import HTTPTelemetry

/// The URL each signal is posted to over OTLP/HTTP, by the OpenTelemetry exporter rules: a signal's own endpoint
/// is used as given; the general endpoint gets ``OTLPSignal/path`` appended to its path.
///
/// ```swift
/// let endpoints = OTLPEndpoints(endpoint: URL(string: "http://localhost:4318")!)
/// endpoints.traces    // http://localhost:4318/v1/traces
/// ```
public struct OTLPEndpoints: Sendable, Hashable {
    /// Where spans go, or `nil` to export none.
    public var traces: URL?
    /// Where metric points go, or `nil` to export none.
    public var metrics: URL?

    /// Endpoints used exactly as given.
    public init(traces: URL?, metrics: URL?) {
        self.traces = traces
        self.metrics = metrics
    }

    /// Each signal's own endpoint when given, otherwise `endpoint` with the signal's path appended.
    /// - Parameters:
    ///   - endpoint: The general endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`), or `nil`.
    ///   - traces: The spans' own endpoint (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), used as given.
    ///   - metrics: The metrics' own endpoint (`OTEL_EXPORTER_OTLP_METRICS_ENDPOINT`), used as given.
    public init(endpoint: URL?, traces: URL? = nil, metrics: URL? = nil) {
        self.traces = traces ?? endpoint.map { Self.url(of: .traces, under: $0) }
        self.metrics = metrics ?? endpoint.map { Self.url(of: .metrics, under: $0) }
    }

    /// The endpoint of `signal`.
    public subscript(signal: OTLPSignal) -> URL? {
        switch signal {
        case .traces: traces
        case .metrics: metrics
        }
    }

    /// `endpoint` with `/v1/traces` or `/v1/metrics` after its path, trailing slashes trimmed first:
    /// `http://host:4318/otlp/` gives `http://host:4318/otlp/v1/traces`.
    public static func url(of signal: OTLPSignal, under endpoint: URL) -> URL {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: true) else {
            return endpoint.appendingPathComponent(signal.path)
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path + "/" + signal.path
        return components.url ?? endpoint.appendingPathComponent(signal.path)
    }
}
