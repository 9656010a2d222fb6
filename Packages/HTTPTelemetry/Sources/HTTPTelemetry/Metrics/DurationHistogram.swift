import Foundation

/// The `http.client.request.duration` histogram: seconds per request, one series per attribute set, with the
/// bucket boundaries of the OpenTelemetry HTTP metrics conventions.
struct DurationHistogram: Sendable {
    /// The conventions' boundaries, in seconds.
    static let bounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]
    static let name = "http.client.request.duration"
    static let description = "Duration of HTTP client requests."

    private struct Series: Sendable {
        var count: UInt64 = 0
        var sum: Double = 0
        var min = Double.infinity
        var max = -Double.infinity
        var buckets = [UInt64](repeating: 0, count: DurationHistogram.bounds.count + 1)
    }

    let startTime: Date
    private var series: [Attributes: Series] = [:]

    init(startTime: Date) {
        self.startTime = startTime
    }

    /// Counts one request of `seconds` under `attributes`.
    mutating func record(_ seconds: Double, attributes: Attributes) {
        var entry = series[attributes, default: Series()]
        entry.count += 1
        entry.sum += seconds
        entry.min = Swift.min(entry.min, seconds)
        entry.max = Swift.max(entry.max, seconds)
        let bucket = Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count
        entry.buckets[bucket] += 1
        series[attributes] = entry
    }

    /// One cumulative point per attribute set, taken at `time`.
    func points(at time: Date) -> [MetricPoint] {
        series.map { attributes, entry in
            MetricPoint(
                name: Self.name, description: Self.description, unit: "s", attributes: attributes,
                startTime: startTime, time: time, count: entry.count, sum: entry.sum, min: entry.min,
                max: entry.max, explicitBounds: Self.bounds, bucketCounts: entry.buckets)
        }
    }
}
