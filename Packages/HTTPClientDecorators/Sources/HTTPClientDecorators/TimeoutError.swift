import Foundation

/// A load that did not answer within a ``TimeoutHTTPClient``'s duration: the cause inside
/// `HTTPTransportError.timedOut(underlying:)`.
public struct TimeoutError: Error, Equatable, Sendable {
    /// How long the load was allowed.
    public let duration: Duration

    /// The error for a load allowed `duration`.
    public init(duration: Duration) {
        self.duration = duration
    }
}

extension TimeoutError: CustomStringConvertible {
    /// `"no response within 2.5 s"`.
    public var description: String { TimeoutHTTPClient.message(for: duration) }
}

extension TimeoutError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
