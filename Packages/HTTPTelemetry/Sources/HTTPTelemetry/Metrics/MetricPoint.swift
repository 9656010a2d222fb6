import Foundation

/// One histogram data point of a metric, cumulative since ``startTime``: what exporters receive.
public struct MetricPoint: Sendable, Hashable {
    /// The metric's name, such as `http.client.request.duration`.
    public var name: String
    /// What the metric measures.
    public var description: String
    /// The unit of the values, such as `s`.
    public var unit: String
    /// The attributes that set this point apart from the metric's other points.
    public var attributes: Attributes
    /// When counting began.
    public var startTime: Date
    /// When the point was taken.
    public var time: Date
    /// How many values were recorded.
    public var count: UInt64
    /// Their sum.
    public var sum: Double
    /// The smallest value recorded.
    public var min: Double
    /// The largest value recorded.
    public var max: Double
    /// The upper bounds of the buckets but the last, ascending.
    public var explicitBounds: [Double]
    /// How many values fell in each bucket: one more than ``explicitBounds``.
    public var bucketCounts: [UInt64]

    /// Creates a point.
    public init(
        name: String, description: String, unit: String, attributes: Attributes, startTime: Date, time: Date,
        count: UInt64, sum: Double, min: Double, max: Double, explicitBounds: [Double], bucketCounts: [UInt64]
    ) {
        self.name = name
        self.description = description
        self.unit = unit
        self.attributes = attributes
        self.startTime = startTime
        self.time = time
        self.count = count
        self.sum = sum
        self.min = min
        self.max = max
        self.explicitBounds = explicitBounds
        self.bucketCounts = bucketCounts
    }
}
