import Foundation
import HTTPClient

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
///   `Retry-After` (seconds or HTTP-date) replaces it; one longer than `maxDelay` ends the retries at once.
/// - After the last attempt the last response is returned, or the last error rethrown.
/// - Inside a ``TimeoutHTTPClient`` it never waits past the deadline: when the next wait would end after it,
///   the last response is returned, or the last error rethrown, at once.
/// - When the calling task is cancelled the retries stop with `CancellationError`.
public struct RetryingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let policy: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void
    private let random: @Sendable (ClosedRange<Double>) -> Double
    private let now: @Sendable () -> Date

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client that sends each attempt.
    ///   - policy: When and how often to retry.
    ///   - sleep: Waits between attempts; must throw when the task is cancelled (as `Task.sleep` does).
    ///   - random: Returns a random value in the range; drives the jitter.
    ///   - now: The current date, to turn a `Retry-After` date into a delay.
    public init(
        client: any HTTPClient,
        policy: RetryPolicy = .default,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.policy = policy
        self.sleep = sleep
        self.random = random
        self.now = now
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        guard request.isSafeToRepeat || policy.retryableMethods.contains(request.method) else {
            return try await client.load(request: request)
        }
        var attempt = 1
        while true {
            let outcome: Result<(Data, HTTPResponse), any Error>
            do {
                outcome = .success(try await client.load(request: request))
            } catch {
                outcome = .failure(error)
            }
            guard attempt < policy.attempts, let delay = delay(beforeRetry: attempt, after: outcome),
                Deadline.current.map({ delay <= $0.remaining }) ?? true
            else {
                return try outcome.get()
            }
            try Task.checkCancellation()
            try await sleep(delay)
            try Task.checkCancellation()
            attempt += 1
        }
    }

    /// The wait before retry number `retry`, or `nil` when `outcome` must be handed back as it is.
    private func delay(beforeRetry retry: Int, after outcome: Result<(Data, HTTPResponse), any Error>) -> Duration? {
        switch outcome {
        case .success((_, let response)):
            guard policy.retryableStatusCodes.contains(response.statusCode) else { return nil }
            if let header = response.headers?["Retry-After"], let asked = RetryAfter.delay(from: header, now: now()) {
                return asked <= policy.maxDelay ? asked : nil
            }
        case .failure(let error):
            guard isRetryable(error) else { return nil }
        }
        return policy.backoff(beforeRetry: retry, random: random)
    }

    private func isRetryable(_ error: any Error) -> Bool {
        if HTTPTransportError.isCancellation(error) { return false }
        if case .httpCode(let statusCode, _) = error as? HTTPError {
            return policy.retryableStatusCodes.contains(statusCode)
        }
        return (error as? HTTPTransportError)?.isTransient ?? false
    }
}

extension HTTPClient {
    /// Retries idempotent requests, and those that say `isSafeToRepeat`, after retryable statuses and transient
    /// failures; see ``RetryingHTTPClient``.
    public func retrying(_ policy: RetryPolicy = .default) -> any HTTPClient {
        RetryingHTTPClient(client: self, policy: policy)
    }
}
