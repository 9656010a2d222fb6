import HTTPClient
import HTTPTelemetry

/// A kind of telemetry that OTLP exports on its own path: spans or metrics.
public enum OTLPSignal: String, Sendable, Hashable, CaseIterable {
    /// Spans, sent as an `ExportTraceServiceRequest`.
    case traces
    /// Metric points, sent as an `ExportMetricsServiceRequest`.
    case metrics

    /// The path OTLP/HTTP appends to a general endpoint for this signal: `v1/traces` or `v1/metrics`.
    public var path: HTTPPath { "v1/\(rawValue)" }
}
