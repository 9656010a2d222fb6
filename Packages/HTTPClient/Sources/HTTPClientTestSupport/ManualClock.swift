import Foundation
import HTTPClient
import HTTPClientSupport

/// A clock a test moves by hand: `now` for `ContinuousClock` instants, `date` for wall-clock dates.
///
/// ```swift
/// let clock = ManualClock()
/// let client = CachingHTTPClient(client: scripted, store: store, now: { clock.date })
/// clock.advance(by: .seconds(30))
/// ```
public final class ManualClock: Sendable {
    private let state: LockedValue<(instant: ContinuousClock.Instant, date: Date)>

    /// Starts at `date` (a fixed moment in 1994 by default) and at the current continuous instant.
    public init(date: Date = Date(timeIntervalSince1970: 784_111_777)) {
        state = LockedValue((ContinuousClock.now, date))
    }

    /// The current instant.
    public var now: ContinuousClock.Instant { state.withLock { $0.instant } }

    /// The current date.
    public var date: Date { state.withLock { $0.date } }

    /// Moves both the instant and the date forward by `duration`.
    public func advance(by duration: Duration) {
        state.withLock { state in
            state.instant += duration
            state.date += Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
    }
}
