import HTTPClient
import HTTPClientTestSupport
import Testing

/// Every progress report of one transfer, in the order the transport made them.
final class ProgressLog: Sendable {
    private let reports = RecordedValues<HTTPTransferProgress>()

    /// The closure to hand to `stream` or `download`.
    var callback: @Sendable (HTTPTransferProgress) -> Void { { [reports] in reports.append($0) } }

    /// The reports so far.
    var values: [HTTPTransferProgress] { reports.values }

    /// The latest report, or an empty one before the first.
    var latest: HTTPTransferProgress { reports.values.last ?? HTTPTransferProgress() }

    /// Records an issue for every count that went down from one report to the next.
    func expectMonotonic(sourceLocation: SourceLocation = #_sourceLocation) {
        for (earlier, later) in zip(values, values.dropFirst()) {
            #expect(later.bytesSent >= earlier.bytesSent, "bytesSent went down", sourceLocation: sourceLocation)
            #expect(
                later.bytesReceived >= earlier.bytesReceived, "bytesReceived went down", sourceLocation: sourceLocation)
        }
    }
}
