import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@Suite("TransferProgressReporter")
struct TransferProgressReporterTests {
    @Test func reportsEachChangeAndNeverCountsBackwards() {
        let reports = RecordedValues<HTTPTransferProgress>()
        let reporter = TransferProgressReporter(bytesExpectedToSend: 10) { reports.append($0) }

        reporter.sent(totalBytes: 6)
        reporter.sent(totalBytes: 2)  // a redirect's new hop counts from zero again
        reporter.sent(totalBytes: 25)  // never past the body's length
        reporter.expectToReceive(.unknown)
        reporter.expectToReceive(.known(4))
        reporter.received(3)

        #expect(reports.values.map(\.bytesSent) == [6, 10, 10, 10])
        let expected = HTTPTransferProgress(
            bytesSent: 10, bytesExpectedToSend: 10, bytesReceived: 3, bytesExpectedToReceive: 4)
        #expect(reports.values.last == expected)
    }

    @Test func finishReportsOnceMoreWithTheLastHopsCount() {
        let reports = RecordedValues<HTTPTransferProgress>()
        let reporter = TransferProgressReporter(bytesExpectedToSend: nil) { reports.append($0) }

        reporter.finish(sent: 5)
        reporter.finish()

        #expect(reports.values.map(\.bytesSent) == [5, 5])
    }
}
