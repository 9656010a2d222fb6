import Foundation
import HTTPClientSupport
import HTTPTelemetry

/// Keeps every export it receives, or throws `failure` when one is set.
final class RecordingExporter: TelemetryExporter {
    private let state = LockedValue<(spans: [[FinishedSpan]], metrics: [[MetricPoint]])>(([], []))
    private let failure: (any Error & Sendable)?

    init(failing failure: (any Error & Sendable)? = nil) {
        self.failure = failure
    }

    var spanExports: [[FinishedSpan]] { state.withLock { $0.spans } }
    var metricExports: [[MetricPoint]] { state.withLock { $0.metrics } }

    func export(spans: [FinishedSpan]) async throws {
        if let failure { throw failure }
        state.withLock { $0.spans.append(spans) }
    }

    func export(metrics: [MetricPoint]) async throws {
        if let failure { throw failure }
        state.withLock { $0.metrics.append(metrics) }
    }
}
