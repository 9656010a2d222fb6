import Foundation
import HTTPClient

/// Bounds one load: when `duration` passes before the wrapped client answers, the load is cancelled and
/// `HTTPTransportError.timedOut(underlying: "no response within N s")` is thrown.
///
/// - The wrapped load runs in a child task, which is cancelled when the time is up; the call returns once
///   that task has finished, so nothing is left running behind it.
/// - A cancelled caller still gets the wrapped client's cancellation error, never a timeout.
/// - Everything below it sees the deadline: ``RetryingHTTPClient`` inside it never waits past it, and hands
///   back the last outcome instead. Placed outermost, above retry, it bounds the whole call, retries included.
///   Nested timeouts keep the earliest deadline.
public struct TimeoutHTTPClient: HTTPClient {
    let client: any HTTPClient
    let duration: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client whose loads are bounded.
    ///   - duration: How long one load may take.
    ///   - now: The clock the deadline is measured on (retry reads it to decide whether a wait still fits).
    ///   - sleep: Waits for the duration; must throw when the task is cancelled (as `Task.sleep` does).
    public init(
        client: any HTTPClient,
        duration: Duration,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.client = client
        self.duration = duration
        self.now = now
        self.sleep = sleep
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let deadline = Deadline(instant: now() + duration, now: now).earliest(Deadline.current)
        let outcome = await Deadline.$current.withValue(deadline) { await race(request) }
        return try outcome.get()
    }

    private enum Finish: Sendable {
        case loaded(Result<(Data, HTTPResponse), any Error>)
        case timeUp
        case timerStopped
    }

    /// Runs the load against the timer; the first to finish decides, and the other is cancelled.
    private func race(_ request: any HTTPRequest) async -> Result<(Data, HTTPResponse), any Error> {
        await withTaskGroup(of: Finish.self) { group in
            group.addTask { [client] in
                do {
                    return .loaded(.success(try await client.load(request: request)))
                } catch {
                    return .loaded(.failure(error))
                }
            }
            group.addTask { [sleep, duration] in
                do {
                    try await sleep(duration)
                    return Task.isCancelled ? .timerStopped : .timeUp
                } catch {
                    return .timerStopped
                }
            }
            while let finish = await group.next() {
                switch finish {
                case .loaded(let result):
                    group.cancelAll()
                    return result
                case .timeUp:
                    group.cancelAll()
                    return .failure(HTTPTransportError.timedOut(underlying: Self.message(for: duration)))
                case .timerStopped:
                    continue  // the caller was cancelled: the load's own outcome is the answer
                }
            }
            return .failure(CancellationError())  // unreachable: the load always reports
        }
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
    /// Bounds every load to `duration`; outermost (above `retrying`) it bounds the whole call, retries
    /// included. See ``TimeoutHTTPClient``.
    public func timingOut(after duration: Duration) -> any HTTPClient {
        TimeoutHTTPClient(client: self, duration: duration)
    }
}
