import Foundation
import HTTPClient
import HTTPClientDecorators

/// `--timeout`: one deadline for all of a command's network work, retries and every chain included.
///
/// Each chain's outermost layer bounds a load with the library's `timingOut(after:)` to the time left until
/// the deadline, so a command that loads twice (a question, then its avatar) has `total` for both, and retry
/// inside never waits past it. When the time is up, the load fails with `HTTPTransportError.timedOut`, saying
/// "the command timed out after N s".
struct CommandDeadline: Sendable {
    /// The whole budget, as given.
    let total: Duration
    /// When it runs out.
    let instant: ContinuousClock.Instant

    /// A deadline `total` from `start`.
    init(total: Duration, start: ContinuousClock.Instant = .now) {
        self.total = total
        instant = start + total
    }

    /// `client`, bounded by this deadline.
    func bounding(_ client: any HTTPClient) -> any HTTPClient {
        DeadlineBoundHTTPClient(client: client, deadline: self)
    }

    /// The error a load gets once the deadline has passed.
    var expired: HTTPTransportError {
        .timedOut(underlying: Error(total: total))
    }

    /// The cause of ``expired``: "the command timed out after N s; --timeout sets the limit".
    struct Error: Swift.Error, Equatable, CustomStringConvertible {
        let total: Duration

        var description: String {
            "the command timed out after \(CommandDeadline.seconds(total)) s; --timeout sets the limit"
        }
    }

    /// `"1"`, `"2.5"`: whole seconds without decimals, otherwise up to three.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else { return "\(seconds)" }
        var fraction = String(milliseconds)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction)"
    }
}

/// A client whose every load must end by the command's deadline.
private struct DeadlineBoundHTTPClient: HTTPClient {
    let client: any HTTPClient
    let deadline: CommandDeadline

    @discardableResult
    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let remaining = deadline.instant - .now
        guard remaining > .zero else { throw deadline.expired }
        do {
            return try await client.timingOut(after: remaining).load(request: request)
        } catch HTTPTransportError.timedOut where ContinuousClock.now >= deadline.instant {
            throw deadline.expired
        }
    }
}
