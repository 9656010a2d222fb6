import Foundation

/// Where finished spans and metric points go: a file, a collector, or an app's own tracing backend.
///
/// A bridge to another tracing library is one small type that conforms (see the article
/// <doc:BridgingToATracingLibrary>).
public protocol TelemetryExporter: Sendable {
    /// Sends finished spans on, in the order they ended.
    func export(spans: [FinishedSpan]) async throws
    /// Sends metric points on: each one cumulative since its start time.
    func export(metrics: [MetricPoint]) async throws
}
