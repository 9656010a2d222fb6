import Foundation
import HTTPClient

/// When and how often ``RetryingHTTPClient`` sends a request again.
public struct RetryPolicy: Sendable {
    /// The most times a request is sent, the first one included; values below 1 count as 1 (no retries).
    public var maxAttempts: Int
    /// The backoff before the first retry; it doubles for every further retry.
    public var baseDelay: Duration
    /// The longest wait before a retry; a `Retry-After` asking for more ends the retries.
    public var maxDelay: Duration
    /// Response statuses worth retrying, whether returned or thrown as `HTTPError.httpCode(statusCode:data:)`.
    public var retryableStatusCodes: Set<Int>
    /// Methods that may be sent more than once; by default the standard idempotent ones (`HTTPMethod.isIdempotent`),
    /// so a `POST`, or a method `HTTPMethod` has no member for, is repeated only when the request itself says
    /// `isSafeToRepeat`.
    public var retryableMethods: Set<HTTPMethod>

    /// Creates a policy; every parameter has a default suited to most APIs.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30),
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableMethods: Set<HTTPMethod> = Set(HTTPMethod.standard.filter(\.isIdempotent))
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableMethods = retryableMethods
    }

    /// Three attempts, 0.5 s base delay, 30 s cap, statuses 408/429/500/502/503/504, idempotent methods.
    public static let `default` = RetryPolicy()

    /// The number of attempts actually made: ``maxAttempts``, but at least 1.
    var attempts: Int { max(1, maxAttempts) }

    /// The backoff before retry number `retry` (1 for the first retry), with "equal jitter":
    /// half of `min(maxDelay, baseDelay × 2^(retry-1))` is fixed, the other half random.
    /// - Parameter random: Returns a value in the given range; clamped in case it does not.
    func backoff(beforeRetry retry: Int, random: (ClosedRange<Double>) -> Double) -> Duration {
        let base = max(0, baseDelay.seconds)
        let exponent = Double(max(0, min(retry - 1, 1_000)))
        let ceiling = min(max(0, maxDelay.seconds), base * pow(2, exponent))
        let fraction = min(1, max(0, random(0...1)))
        return .seconds(ceiling / 2 + ceiling / 2 * fraction)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
