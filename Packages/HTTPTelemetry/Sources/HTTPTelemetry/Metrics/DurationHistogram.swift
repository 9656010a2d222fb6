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

        mutating func add(_ seconds: Double) {
            count += 1
            sum += seconds
            min = Swift.min(min, seconds)
            max = Swift.max(max, seconds)
            buckets[DurationHistogram.bounds.firstIndex { seconds <= $0 } ?? DurationHistogram.bounds.count] += 1
        }
    }

    let startTime: Date
    private var series: [Attributes: Series] = [:]

    init(startTime: Date) {
        self.startTime = startTime
    }

    /// Counts one request of `seconds` under `attributes`, updating its series in place (one lookup, no copy).
    mutating func record(_ seconds: Double, attributes: Attributes) {
        series[attributes, default: Series()].add(seconds)
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
