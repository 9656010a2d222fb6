import Foundation
import HTTPClient

/// Bounds one load or stream: when `duration` passes before the wrapped client answers, the load is cancelled and
/// `HTTPTransportError.timedOut(underlying:)` is thrown, its cause a ``TimeoutError`` ("no response within N s").
///
/// - The wrapped load runs in a child task, which is cancelled when the time is up; the call returns once
///   that task has finished, so nothing is left running behind it.
/// - A cancelled caller still gets the wrapped client's cancellation error, never a timeout.
/// - Everything below it sees the deadline: ``RetryingHTTPClient`` inside it never waits past it, and hands
///   back the last outcome instead. Placed outermost, above retry, it bounds the whole call, retries included.
///   Nested timeouts keep the earliest deadline.
/// - Cost: one child task per load. The deadlines of all loads through one client share a single sleeping
///   task, so a load that answers in time starts no timer of its own.
/// - A stream is bounded twice: `duration` until its response head reaches `receive`, then the idle time for
///   every chunk the caller waits for (`duration` too, unless given). With a request body, `duration` starts
///   once the body has been sent, and each step of the upload after its first bytes has the idle time, so upload
///   time never counts against the wait for the head. The time the caller spends between reads
///   is never counted, so a long download that keeps moving is never cut, and one that stalls is, with a
///   ``TimeoutError`` waiting for ``TimeoutError/Wait/bodyChunk``. The caller's `receive` runs in the child task
///   and sees the deadline it had outside, not this one.
public struct TimeoutHTTPClient: HTTPClient {
    let client: any HTTPClient
    let duration: Duration
    /// How long a stream may wait for one chunk of the response body.
    let idleDuration: Duration
    let time: ClockTime
    let timer: DeadlineTimer

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client whose loads are bounded.
    ///   - duration: How long one load may take.
    ///   - clock: The clock the deadline is measured and waited on (retry reads it to decide whether a wait
    ///     still fits). The time is up for a load when a sleep on it ends and it has reached the deadline.
    public init(client: any HTTPClient, duration: Duration, clock: any Clock<Duration> = ContinuousClock()) {
        self.init(client: client, duration: duration, idle: duration, time: ClockTime(clock))
    }

    /// Wraps `client`, with an idle time for streamed bodies of its own.
    /// - Parameters:
    ///   - client: The client whose loads and streams are bounded.
    ///   - duration: How long one load may take, and how long a stream may wait for its response head.
    ///   - idle: How long a stream's caller may wait for one chunk of the response body.
    ///   - clock: The clock the deadlines are measured and waited on.
    public init(
        client: any HTTPClient, duration: Duration, idle: Duration, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(client: client, duration: duration, idle: idle, time: ClockTime(clock))
    }

    /// Wraps `client`, measuring on `time`.
    init(client: any HTTPClient, duration: Duration, idle: Duration? = nil, time: ClockTime) {
        self.client = client
        self.duration = duration
        idleDuration = idle ?? duration
        self.time = time
        timer = DeadlineTimer(time: time)
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let own = Deadline(after: duration, on: time)
        return try await own.scope {
            try await timer.race(
                until: own.instant,
                timeUp: { HTTPTransportError.timedOut(underlying: TimeoutError(duration: duration)) }
            ) {
                try await client.load(request: request)
            }
        }
    }

    /// `"no response within 2.5 s"`.
    static func message(for duration: Duration) -> String {
        "no response within \(seconds(duration)) s"
    }

    /// `"2.5"`: whole seconds without decimals, otherwise up to three.
    static func seconds(_ duration: Duration) -> String {
        var text = String(format: "%.3f", duration.seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension HTTPClient {
    /// Bounds every load to `duration` on `clock`; outermost (above `retrying`) it bounds the whole call,
    /// retries included. See ``TimeoutHTTPClient``.
    public func timingOut(after duration: Duration, clock: any Clock<Duration> = ContinuousClock()) -> any HTTPClient {
        TimeoutHTTPClient(client: self, duration: duration, clock: clock)
    }

    /// Bounds every load to `duration`, and every stream to `duration` until its response head and `idle` for
    /// each chunk of its body, on `clock`; see ``TimeoutHTTPClient``.
    public func timingOut(
        after duration: Duration, idle: Duration, clock: any Clock<Duration> = ContinuousClock()
    ) -> any HTTPClient {
        TimeoutHTTPClient(client: self, duration: duration, idle: idle, clock: clock)
    }
}
