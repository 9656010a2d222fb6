import Foundation

/// Which attempt at a request the current task is making, set by a retrying decorator around each attempt.
///
/// A decorator below the retry reads ``resendCount`` to tell a first attempt from a resend (a tracing decorator
/// writes it as `http.request.resend_count`); outside any retry it is `0`.
///
/// ```swift
/// try await HTTPAttempt.$resendCount.withValue(1) { try await client.load(request: request) }
/// ```
public enum HTTPAttempt {
    /// How many times the request was sent before this attempt: `0` for the first attempt.
    @TaskLocal public static var resendCount = 0
}
