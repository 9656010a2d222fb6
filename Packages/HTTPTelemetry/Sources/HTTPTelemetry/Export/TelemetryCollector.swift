import Foundation
import HTTPClientSupport

/// Keeps the spans and the request-duration histogram that tracing produces, until ``flush()`` hands them to
/// the exporter.
///
/// Recording never waits and never fails a request; exporting happens only in ``flush()``, when the caller
/// chooses (at the end of a command, say). Safe to share between tasks.
public final class TelemetryCollector: Sendable {
    private struct State: Sendable {
        var spans: [FinishedSpan] = []
        var histogram: DurationHistogram
    }

    private let exporter: any TelemetryExporter
    private let state: LockedValue<State>
    /// The wall clock that spans and metric points are stamped with.
    public let now: @Sendable () -> Date

    /// Creates a collector that flushes to `exporter`.
    /// - Parameters:
    ///   - exporter: Where ``flush()`` sends spans and metrics.
    ///   - now: The wall clock that spans and metric points are stamped with.
    public init(exporter: any TelemetryExporter, now: @escaping @Sendable () -> Date = { Date() }) {
        self.exporter = exporter
        self.now = now
        state = LockedValue(State(histogram: DurationHistogram(startTime: now())))
    }

    /// Keeps `span` for the next flush.
    public func record(_ span: FinishedSpan) {
        state.withLock { $0.spans.append(span) }
    }

    /// Counts one request of `seconds` in `http.client.request.duration`.
    public func recordRequestDuration(_ seconds: Double, attributes: Attributes) {
        state.withLock { $0.histogram.record(seconds, attributes: attributes) }
    }

    /// The spans recorded since the last flush, in the order they ended.
    public var pendingSpans: [FinishedSpan] {
        state.withLock { $0.spans }
    }

    /// The histogram's points now: cumulative since the collector was made.
    public func metricPoints() -> [MetricPoint] {
        let time = now()
        return state.withLock { $0.histogram.points(at: time) }
    }

    /// Exports the pending spans (when there are any), then the metric points (when there are any).
    ///
    /// Spans leave the collector before the export, so a failed export does not send them twice; the
    /// collector keeps room for as many spans as it hands over, so the next batch records without regrowing.
    /// - Throws: What the exporter throws.
    public func flush() async throws {
        let spans = state.withLock { state in
            let taken = state.spans
            state.spans = []
            state.spans.reserveCapacity(taken.count)
            return taken
        }
        if !spans.isEmpty { try await exporter.export(spans: spans) }
        let points = metricPoints()
        if !points.isEmpty { try await exporter.export(metrics: points) }
    }
}
