import Foundation

/// A wait the Stack Exchange API asked for before the same API method is called again, held to ``ceiling``.
///
/// The API sets `backoff` on its wrapper when it is under load, and a `throttle_violation` names a wait
/// ("more requests available in N seconds"); a client that calls the method sooner may be throttled.
/// ``BackoffMapper`` reads either from a response body.
public struct Backoff: Hashable, Sendable {
    /// The longest wait obeyed, in seconds: one day, whatever the API (or a stored deadline) says.
    public static let ceiling = 86_400

    /// Whole seconds to wait, from 1 through ``ceiling``.
    public let seconds: Int

    /// A wait of `seconds`, held to ``ceiling``; `nil` when `seconds` asks for no wait (zero or less).
    public init?(seconds: Int) {
        guard seconds > 0 else { return nil }
        self.seconds = min(seconds, Self.ceiling)
    }

    /// The wait left at `now` until `deadline`, or `nil` once the deadline has passed.
    ///
    /// Whole seconds, at least 1 and at most ``ceiling``. They are rounded up but for the last millisecond, so
    /// a deadline stored as text 30 s ahead still reads as 30.
    public init?(until deadline: Date, now: Date) {
        guard deadline > now else { return nil }
        let left = min(deadline.timeIntervalSince(now) - 0.001, TimeInterval(Self.ceiling))
        seconds = max(1, Int(left.rounded(.up)))
    }

    /// The date this wait ends when it starts at `date`.
    public func deadline(from date: Date) -> Date {
        date.addingTimeInterval(TimeInterval(seconds))
    }
}
