import Foundation
import HTTPClient
import HTTPClientSupport

/// Sends a request again after a retryable status or a transient transport failure, with backoff.
///
/// Rules (see ``RetryPolicy``):
/// - A request is retried when its method is in ``RetryPolicy/retryableMethods`` or it says
///   `isSafeToRepeat` (a `POST` that issues a fresh token, say); any other request is sent exactly once.
///   Both kinds follow the same rules below.
/// - Retryable: a status in ``RetryPolicy/retryableStatusCodes``, returned as a response or thrown as
///   `HTTPError.httpCode(statusCode:data:)`, and `HTTPTransportError` whose `isTransient` is true.
///   Cancellation is never retried.
/// - The wait is exponential backoff with equal jitter, capped at ``RetryPolicy/maxDelay``. A response's
///   `Retry-After` replaces it; one longer than `maxDelay` ends the retries at once. An HTTP-date is measured
///   from the response's own `Date` header (a response without one falls back to backoff), so the client's
///   wall clock plays no part.
/// - After the last attempt the last response is returned, or the last error rethrown.
/// - Inside a ``TimeoutHTTPClient`` it never waits past the deadline: when the next wait would end after it,
///   the last response is returned, or the last error rethrown, at once.
/// - When the calling task is cancelled the retries stop with `CancellationError`.
/// - Each attempt runs with `HTTPLoadObservation/resendCount` set to the number of sends before it, for the
///   decorators below (tracing counts resends with it); the observers in place stay.
/// - Streaming decides on the response head, or on an error before it: a retried answer's body is left unread,
///   a request whose body is single-pass is sent once, and no answer is retried once it reached `receive`.
public struct RetryingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let policy: RetryPolicy
    private let clock: any Clock<Duration>
    private let random: @Sendable (ClosedRange<Double>) -> Double

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client that sends each attempt.
    ///   - policy: When and how often to retry.
    ///   - clock: Waits between attempts on it; its sleep must throw when the task is cancelled.
    ///   - random: Returns a random value in the range; drives the jitter.
    public init(
        client: any HTTPClient,
        policy: RetryPolicy = .default,
        clock: any Clock<Duration> = ContinuousClock(),
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.client = client
        self.policy = policy
        self.clock = clock
        self.random = random
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        guard mayRepeat(request) else {
            return try await client.load(request: request)
        }
        var attempt = 1
        while true {
            let resends = attempt - 1
            let loaded = await LoadOutcome {
                try await Self.observation(resendCount: resends).bound { try await client.load(request: request) }
            }
            guard let delay = delay(beforeRetry: attempt, after: loaded.outcome) else { return try loaded.get() }
            try await wait(delay)
            attempt += 1
        }
    }

    /// Streams with the rules of ``load(request:)``, deciding on the response head (or an error before it):
    /// an answer that is retried goes back unread, and once a response reached `receive` it is never retried.
    /// A request with a single-pass `body` is sent once, and its first answer or error goes to the caller.
    /// Progress counts never go back across attempts, and count the received bytes of the delivered answer only.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        guard mayRepeat(request), body?.isReplayable ?? true else {
            return try await client.stream(request: request, body: body, progress: progress, receive: receive)
        }
        let relay = progress.map(AttemptProgress.init)
        var attempt = 1
        while true {
            let retry = attempt
            let streamed = try await Self.observation(resendCount: retry - 1).bound {
                try await StreamAttempt.run(
                    request, body: body, through: client, progress: relay,
                    discarding: { delay(beforeRetry: retry, after: $0) }, receive: receive)
            }
            switch streamed {
            case .delivered(let result):
                return result
            case .discarded(let delay):
                try await wait(delay)
                attempt += 1
            }
        }
    }

    /// Whether `request` may be sent more than once.
    private func mayRepeat(_ request: any HTTPRequest) -> Bool {
        request.isSafeToRepeat || policy.retryableMethods.contains(request.method)
    }

    /// Sleeps `delay` on the clock, unless the task is cancelled before or during the sleep.
    private func wait(_ delay: Duration) async throws {
        try Task.checkCancellation()
        try await clock.sleep(for: delay)
        try Task.checkCancellation()
    }

    /// The wait before retry number `retry`, or `nil` when `outcome` must be handed back as it is: it is not
    /// retryable, the attempts are used up, or the wait would end past the ``Deadline``.
    private func delay(beforeRetry retry: Int, after outcome: AttemptOutcome) -> Duration? {
        guard retry < policy.attempts, let delay = backoff(beforeRetry: retry, after: outcome),
            Deadline.current.map({ delay <= $0.remaining }) ?? true
        else { return nil }
        return delay
    }

    /// The wait `outcome` asks for (its `Retry-After`, else the backoff), or `nil` when it is not retryable.
    private func backoff(beforeRetry retry: Int, after outcome: AttemptOutcome) -> Duration? {
        if let statusCode = outcome.statusCode {
            guard policy.retryableStatusCodes.contains(statusCode) else { return nil }
            if let headers = outcome.response?.headers, let header = headers["Retry-After"],
                let asked = RetryAfter.delay(from: header, sent: headers["Date"])
            {
                return asked <= policy.maxDelay ? asked : nil
            }
        } else if let error = outcome.error {
            guard !HTTPTransportError.isCancellation(error), (error as? HTTPTransportError)?.isTransient ?? false
            else { return nil }
        }
        return policy.backoff(beforeRetry: retry, random: random)
    }

    /// The current observation with `resendCount` as its attempt's.
    private static func observation(resendCount: Int) -> HTTPLoadObservation {
        var observation = HTTPLoadObservation.current
        observation.resendCount = resendCount
        return observation
    }
}

extension HTTPClient {
    /// Retries idempotent requests, and those that say `isSafeToRepeat`, after retryable statuses and transient
    /// failures; see ``RetryingHTTPClient``.
    /// - Parameters:
    ///   - policy: When and how often to retry.
    ///   - clock: The clock the waits between attempts are slept on.
    public func retrying(_ policy: RetryPolicy = .default, clock: any Clock<Duration> = ContinuousClock())
        -> any HTTPClient
    {
        RetryingHTTPClient(client: self, policy: policy, clock: clock)
    }
}
