import Foundation
import HTTPClient
import HTTPClientDecorators

/// `--timeout`: one deadline for all of a command's network work, retries and every chain included.
///
/// Every chain's outermost layer is bounded by the same `SharedDeadline`, so a command that loads twice (a
/// question, then its avatar) has the whole budget for both, and retry inside never waits past it. When the
/// time is up, the load fails with `HTTPTransportError.timedOut`, saying "the command timed out after N s".
package enum CommandDeadline {
    /// A deadline `total` from now on `clock`, failing loads with ``expired(after:)``.
    package static func start(total: Duration, clock: any Clock<Duration> = ContinuousClock()) -> SharedDeadline {
        SharedDeadline(after: total, clock: clock, expired: { expired(after: total) })
    }

    /// The error a load gets once a deadline of `total` has passed.
    package static func expired(after total: Duration) -> HTTPTransportError {
        .timedOut(underlying: Error(total: total))
    }

    /// The cause of ``expired(after:)``: "the command timed out after N s; --timeout sets the limit".
    package struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The deadline's whole budget.
        package let total: Duration

        package var description: String {
            "the command timed out after \(CommandDeadline.seconds(total)) s; --timeout sets the limit"
        }
    }

    /// `"1"`, `"2.5"`: whole seconds without decimals, otherwise up to three.
    package static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else { return "\(seconds)" }
        var fraction = String(milliseconds)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction)"
    }
}
