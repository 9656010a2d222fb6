import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@Suite("CancellationLatch")
struct CancellationLatchTests {
    @Test func aCancellationBeforeTheStartKeepsTheWorkFromStarting() {
        let latch = CancellationLatch<Int>()
        let stopped = RecordedValues<Int>()

        latch.cancel { stopped.append($0) }
        let started = latch.start {
            Issue.record("the work started after the cancellation")
            return 1
        }

        #expect(!started)
        #expect(stopped.values.isEmpty)
    }

    @Test func aCancellationAfterTheStartStopsTheStartedWorkOnce() {
        let latch = CancellationLatch<Int>()
        let stopped = RecordedValues<Int>()

        let started = latch.start { 7 }
        latch.cancel { stopped.append($0) }
        latch.cancel { stopped.append($0) }

        #expect(started)
        #expect(stopped.values == [7])
    }

    @Test func theWorkStartsAtMostOnce() {
        let latch = CancellationLatch<Int>()

        #expect(latch.start { 1 })
        #expect(!latch.start { 2 })
    }
}
