import Dispatch
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@Suite("TransferProgressReporter")
struct TransferProgressReporterTests {
    @Test func reportsChangesInOrderAndNeverCountsBackwards() async {
        let reports = RecordedValues<HTTPTransferProgress>()
        let reporter = TransferProgressReporter(bytesExpectedToSend: 10) { reports.append($0) }

        reporter.sent(totalBytes: 6)
        reporter.sent(totalBytes: 2)  // a redirect's new hop counts from zero again
        reporter.sent(totalBytes: 25)  // never past the body's length
        reporter.expectToReceive(.unknown)
        reporter.expectToReceive(.known(4))
        reporter.received(3)
        await reporter.delivered()

        let sent = reports.values.map(\.bytesSent)
        #expect(sent == sent.sorted())
        #expect(sent.allSatisfy { $0 <= 10 })
        let expected = HTTPTransferProgress(
            bytesSent: 10, bytesExpectedToSend: 10, bytesReceived: 3, bytesExpectedToReceive: 4)
        #expect(reports.values.last == expected)
    }

    @Test func finishReportsOnceMoreWithTheLastHopsCount() async {
        let reports = RecordedValues<HTTPTransferProgress>()
        let reporter = TransferProgressReporter(bytesExpectedToSend: nil) { reports.append($0) }

        reporter.finish(sent: 5)
        await reporter.delivered()
        reporter.finish()
        await reporter.delivered()

        #expect(reports.values.map(\.bytesSent) == [5, 5])
    }

    @Test func aBlockedClosureNeitherStallsTheFeederNorQueuesStaleReports() async {
        let reports = RecordedValues<Int64>()
        let release = DispatchSemaphore(value: 0)
        let (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)
        let reporter = TransferProgressReporter(bytesExpectedToSend: nil) { progress in
            reports.append(progress.bytesSent)
            if progress.bytesSent == 1 {
                enteredContinuation.yield()
                release.wait()
            }
        }

        reporter.sent(totalBytes: 1)
        var iterator = entered.makeAsyncIterator()
        await iterator.next()
        for count in 2...1_000 { reporter.sent(totalBytes: Int64(count)) }  // returns while the closure waits
        reporter.finish()
        release.signal()
        await reporter.delivered()

        #expect(reports.values == [1, 1_000])
    }
}
