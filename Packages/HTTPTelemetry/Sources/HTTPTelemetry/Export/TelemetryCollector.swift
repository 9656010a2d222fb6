import Foundation
import HTTPClientSupport

/// Keeps the spans and the request-duration histogram that tracing produces, until ``flush()`` hands them to
/// the exporter.
///
/// Recording never waits and never fails a request. A tracing layer records what the request path knows; the
/// span's attributes and its histogram point are formed when the spans leave (``flush()``, ``pendingSpans``) or
/// the metrics are read (``metricPoints()``), so that work stays off the request path. Exporting happens only in
/// ``flush()``, when the caller chooses (at the end of a command, say). Safe to share between tasks.
public final class TelemetryCollector: Sendable {
    /// A span as kept: as given, or as a tracing layer recorded it. Boxed as given, so that every entry is a
    /// few words and recording moves no more.
    private enum Entry: Sendable {
        indirect case finished(FinishedSpan)
        case pending(PendingSpan, callerSources: [HTTPAnswerSource])

        /// The span as exporters receive it and, for a recorded span that counts in the histogram, its duration
        /// and the attributes of its point.
        var converted: (span: FinishedSpan, duration: (seconds: Double, attributes: Attributes)?)? {
            switch self {
            case .finished(let span): return (span, nil)
            case .pending(let pending, let callerSources):
                guard let recorded = pending.recorded else { return nil }
                let (span, attributes) = recorded.converted(callerSources: callerSources)
                return (span, recorded.durationSeconds.map { ($0, attributes) })
            }
        }
    }

    private struct State: Sendable {
        var entries: [Entry] = []
        var histogram: DurationHistogram

        /// Counts the durations of the recorded spans, and keeps each as the span it formed, so that neither
        /// is done again.
        mutating func countDurations() {
            for index in entries.indices {
                guard case .pending = entries[index], let converted = entries[index].converted else { continue }
                count(converted.duration)
                entries[index] = .finished(converted.span)
            }
        }

        /// Counts `duration` in the histogram, when there is one.
        mutating func count(_ duration: (seconds: Double, attributes: Attributes)?) {
            if let duration { histogram.record(duration.seconds, attributes: duration.attributes) }
        }
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
        state.withLock { $0.entries.append(.finished(span)) }
    }

    /// Keeps the span a tracing layer recorded, and its duration, for the next flush, with the sources an
    /// ``AnswerSourceTracingHTTPClient`` above heard for the whole call.
    func record(_ span: PendingSpan, callerSources: [HTTPAnswerSource] = []) {
        state.withLock { $0.entries.append(.pending(span, callerSources: callerSources)) }
    }

    /// Counts one request of `seconds` in `http.client.request.duration`.
    public func recordRequestDuration(_ seconds: Double, attributes: Attributes) {
        state.withLock { $0.histogram.record(seconds, attributes: attributes) }
    }

    /// The spans recorded since the last flush, in the order they ended.
    public var pendingSpans: [FinishedSpan] {
        state.withLock { $0.entries }.compactMap(\.converted?.span)
    }

    /// The histogram's points now: cumulative since the collector was made.
    public func metricPoints() -> [MetricPoint] {
        let time = now()
        return state.withLock { state in
            state.countDurations()
            return state.histogram.points(at: time)
        }
    }

    /// Exports the pending spans (when there are any), then the metric points (when there are any).
    ///
    /// Spans leave the collector before the export, so a failed export does not send them twice; the
    /// collector keeps room for as many spans as it hands over, so the next batch records without regrowing.
    /// - Throws: What the exporter throws.
    public func flush() async throws {
        let entries = state.withLock { state in
            let taken = state.entries
            state.entries = []
            state.entries.reserveCapacity(taken.count)
            return taken
        }
        let converted = entries.compactMap(\.converted)
        state.withLock { state in
            for entry in converted { state.count(entry.duration) }
        }
        let spans = converted.map(\.span)
        if !spans.isEmpty { try await exporter.export(spans: spans) }
        let points = metricPoints()
        if !points.isEmpty { try await exporter.export(metrics: points) }
    }
}
