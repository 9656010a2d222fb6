/// Order statistics over samples, for tables that quote medians and percentiles.
public enum Statistics {
    /// The median of `values` (the mean of the two middle ones for an even count), or 0 when empty.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The `p`-th percentile (0...100) of `values` by the nearest-rank method, or 0 when empty.
    public static func percentile(_ p: Double, of values: [Double]) -> Double {
        percentile(p, ofSorted: values.sorted())
    }

    /// Like ``percentile(_:of:)`` for values that are already sorted ascending.
    public static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }
}
