import Foundation
import HTTPClient

/// Bounds one load: when `duration` passes before the wrapped client answers, the load is cancelled and
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
public struct TimeoutHTTPClient: HTTPClient {
    let client: any HTTPClient
    let duration: Duration
    private let time: ClockTime
    private let timer: DeadlineTimer

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client whose loads are bounded.
    ///   - duration: How long one load may take.
    ///   - clock: The clock the deadline is measured and waited on (retry reads it to decide whether a wait
    ///     still fits). The time is up for a load when a sleep on it ends and it has reached the deadline.
    public init(client: any HTTPClient, duration: Duration, clock: any Clock<Duration> = ContinuousClock()) {
        self.init(client: client, duration: duration, time: ClockTime(clock))
    }

    /// Wraps `client`, measuring on `time`.
    init(client: any HTTPClient, duration: Duration, time: ClockTime) {
        self.client = client
        self.duration = duration
        self.time = time
        timer = DeadlineTimer(time: time)
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let own = Deadline(instant: time.now() + duration, time: time)
        return try await Deadline.$current.withValue(own.earliest(Deadline.current)) {
            try await race(request, until: own.instant)
        }
    }

    /// Runs the load in a child task against the timer; when the time is up first, leaving the scope
    /// cancels the child and waits for it.
    private func race(_ request: any HTTPRequest, until deadline: Duration) async throws -> (
        Data, HTTPResponse
    ) {
        let race = LoadRace()
        async let loaded = Self.load(request, from: client, reportingTo: race)
        let timerID = timer.schedule(at: deadline) { race.report(.timeUp) }
        let first = await race.first()
        timer.cancel(timerID)
        if first == .timeUp, !Task.isCancelled {
            throw HTTPTransportError.timedOut(underlying: TimeoutError(duration: duration))
        }
        return try await loaded.get()
    }

    private static func load(
        _ request: any HTTPRequest, from client: any HTTPClient, reportingTo race: LoadRace
    ) async -> Result<(Data, HTTPResponse), any Error> {
        let result: Result<(Data, HTTPResponse), any Error>
        do {
            result = .success(try await client.load(request: request))
        } catch {
            result = .failure(error)
        }
        race.report(.loaded)
        return result
    }

    /// `"no response within 2.5 s"`: whole seconds without decimals, otherwise up to three.
    static func message(for duration: Duration) -> String {
        var text = String(format: "%.3f", duration.seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return "no response within \(text) s"
    }
}

extension HTTPClient {
    /// Bounds every load to `duration` on `clock`; outermost (above `retrying`) it bounds the whole call,
    /// retries included. See ``TimeoutHTTPClient``.
    public func timingOut(after duration: Duration, clock: any Clock<Duration> = ContinuousClock()) -> any HTTPClient {
        TimeoutHTTPClient(client: self, duration: duration, clock: clock)
    }
}
