import Foundation
import Synchronization

/// A clock a test moves by hand: `now` for `ContinuousClock` instants, `date` for wall-clock dates.
final class ManualClock: Sendable {
    private let state: Mutex<(instant: ContinuousClock.Instant, date: Date)>

    init(date: Date = Date(timeIntervalSince1970: 784_111_777)) {
        state = Mutex((ContinuousClock.now, date))
    }

    var now: ContinuousClock.Instant { state.withLock { $0.instant } }

    var date: Date { state.withLock { $0.date } }

    func advance(by duration: Duration) {
        state.withLock { state in
            state.instant += duration
            state.date += Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
    }
}
