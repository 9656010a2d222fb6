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
    /// A span as kept: as given, or as a tracing layer recorded it.
    /// A span as kept: as given, or as a tracing layer recorded it. Boxed as given, so that every entry is a
    /// few words and recording moves no more.
    private enum Entry: Sendable {
        indirect case finished(FinishedSpan)
        case pending(PendingSpan, callerSources: [HTTPAnswerSource])

        var converted: (span: FinishedSpan, durationAttributes: Attributes?)? {
            switch self {
            case .finished(let span): (span, nil)
            case .pending(let pending, let callerSources):
                pending.recorded.map { $0.converted(callerSources: callerSources) }
            }
        }
    }

    private struct State: Sendable {
        var entries: [Entry] = []
        /// How many of the first entries the histogram counts already.
        var counted = 0
        var histogram: DurationHistogram

        /// Counts the durations of the entries from `counted` on.
        mutating func countDurations() {
            for entry in entries[counted...] { count(entry, attributes: nil) }
            counted = entries.count
        }

        /// Counts `entry`'s duration under `attributes`, formed from the entry when `nil`.
        mutating func count(_ entry: Entry, attributes: Attributes?) {
            guard case .pending(let pending, _) = entry, let recorded = pending.recorded,
                let seconds = recorded.durationSeconds
            else { return }
            histogram.record(seconds, attributes: attributes ?? recorded.converted().durationAttributes)
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
        let (entries, counted) = state.withLock { state in
            let taken = (state.entries, state.counted)
            state.entries = []
            state.entries.reserveCapacity(taken.0.count)
            state.counted = 0
            return taken
        }
        let converted = entries.map(\.converted)
        state.withLock { state in
            for index in entries.indices[counted...] {
                state.count(entries[index], attributes: converted[index]?.durationAttributes)
            }
        }
        let spans = converted.compactMap { $0?.span }
        if !spans.isEmpty { try await exporter.export(spans: spans) }
        let points = metricPoints()
        if !points.isEmpty { try await exporter.export(metrics: points) }
    }
}
