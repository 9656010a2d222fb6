import HTTPClient

/// One moment by which every load through the clients it bounds must end, however many loads and clients share
/// it: a whole program's budget for its network work, uploads included. It is a budget, not a wait for a response
/// head: ``TimeoutHTTPClient`` bounds that wait, from the moment the request body has been sent. See
/// ``DeadlineBoundHTTPClient``.
public struct SharedDeadline: Sendable {
    /// The whole budget, as given.
    public let total: Duration
    let time: ClockTime
    private let expiredError: @Sendable () -> any Error

    /// A deadline `total` from now on `clock`.
    /// - Parameters:
    ///   - total: The time every load through the bounded clients has, together.
    ///   - clock: The clock the deadline is measured and waited on.
    ///   - expired: The error a load fails with once the deadline has passed; by default
    ///     `HTTPTransportError.timedOut`, saying "no response within `total`".
    public init(
        after total: Duration,
        clock: any Clock<Duration> = ContinuousClock(),
        expired: (@Sendable () -> any Error)? = nil
    ) {
        self.total = total
        time = ClockTime(clock)
        expiredError = expired ?? { HTTPTransportError.timedOut(underlying: TimeoutError(duration: total)) }
    }

    /// The time left; zero or less once the deadline has passed.
    public var remaining: Duration {
        total - time.now()
    }

    /// The error a load gets once the deadline has passed.
    public var expired: any Error {
        expiredError()
    }
}
