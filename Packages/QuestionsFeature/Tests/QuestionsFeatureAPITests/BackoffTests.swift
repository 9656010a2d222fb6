import Foundation
import QuestionsFeatureAPI
import Testing

struct BackoffTests {
    private let start = Date(timeIntervalSince1970: 1_000_000)

    @Test(arguments: [(1, 1), (30, 30), (86_400, 86_400), (86_401, 86_400), (Int.max, 86_400)])
    func aWaitIsHeldToOneDay(asked: Int, obeyed: Int) {
        #expect(Backoff(seconds: asked)?.seconds == obeyed)
    }

    @Test(arguments: [0, -1, Int.min])
    func zeroOrLessIsNoWait(asked: Int) {
        #expect(Backoff(seconds: asked) == nil)
    }

    @Test func theDeadlineIsTheStartPlusTheWait() {
        #expect(Backoff(seconds: 30)?.deadline(from: start) == start.addingTimeInterval(30))
    }

    @Test(arguments: [
        (30.0, 30), (30.0005, 30), (29.2, 30), (0.0005, 1), (0.5, 1), (200_000.0, 86_400),
    ])
    func theWaitLeftIsRoundedUpToWholeSeconds(ahead: TimeInterval, left: Int) {
        #expect(Backoff(until: start.addingTimeInterval(ahead), now: start)?.seconds == left)
    }

    @Test(arguments: [0.0, -1.0])
    func aDeadlineThatHasPassedLeavesNoWait(ahead: TimeInterval) {
        #expect(Backoff(until: start.addingTimeInterval(ahead), now: start) == nil)
    }
}
