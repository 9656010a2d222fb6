import HTTPClientSupport

extension HTTPContentRange {
    /// The offset just past the range's last byte, or `nil` for an unsatisfied range or one that ends at
    /// `Int64.max` (which the parser refuses, since the offset after it does not fit in 63 bits).
    var end: Int64? {
        guard let last else { return nil }
        let (end, overflowed) = last.addingReportingOverflow(1)
        return overflowed ? nil : end
    }
}
