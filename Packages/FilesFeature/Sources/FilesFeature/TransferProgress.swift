/// How far one upload or download has come.
public struct TransferProgress: Hashable, Sendable {
    /// Bytes moved so far (for a resumed download, counting the bytes an earlier run kept).
    public var completedBytes: Int64
    /// The whole transfer's size in bytes, or `nil` when the server did not say.
    public var totalBytes: Int64?

    /// Creates a progress report.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The share done, from 0 to 1, or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}
