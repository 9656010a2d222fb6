import Foundation
import HTTPClientSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("BoundedDelegateQueue")
struct BoundedDelegateQueueTests {
    @Test("a thread adding past the capacity waits for the queue, so no more than the capacity pile up")
    func addingPastCapacityWaits() async throws {
        let sut = BoundedDelegateQueue(capacity: 4)
        let release = DispatchSemaphore(value: 0)
        sut.observeWaits { release.signal() }
        let ran = LockedValue<[Int]>([])

        // The first operation holds the queue until the adding thread waits for room or has added everything.
        let (mostQueued, waited) = await onThread {
            var mostQueued = 0
            sut.addOperation { release.wait() }
            for index in 0..<100 {
                sut.addOperation { ran.withLock { $0.append(index) } }
                mostQueued = max(mostQueued, sut.operationCount)
            }
            let waited = ran.withLock { !$0.isEmpty }
            release.signal()
            sut.waitUntilAllOperationsAreFinished()
            return (mostQueued, waited)
        }

        #expect(waited)
        // The operation that just gave its room back may not have finished yet.
        #expect(mostQueued <= sut.capacity + 1)
        #expect(ran.withLock { $0 } == Array(0..<100))
    }

    @Test("an operation added from one of the queue's own operations never waits")
    func addingFromTheQueueDoesNotWait() async throws {
        let sut = BoundedDelegateQueue(capacity: 1)
        let ran = LockedValue<[String]>([])

        await onThread {
            sut.addOperation {
                sut.addOperation { ran.withLock { $0.append("inner") } }
                ran.withLock { $0.append("outer") }
            }
            sut.waitUntilAllOperationsAreFinished()
        }

        #expect(ran.withLock { $0 } == ["outer", "inner"])
    }

    /// Runs `body` on a thread of its own, which may block, and returns what it returns.
    private func onThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
