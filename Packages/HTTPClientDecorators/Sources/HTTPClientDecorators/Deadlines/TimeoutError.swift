import Foundation

/// A load or stream that did not answer within a ``TimeoutHTTPClient``'s duration: the cause inside
/// `HTTPTransportError.timedOut(underlying:)`.
public struct TimeoutError: Error, Equatable, Sendable {
    /// What did not arrive in time.
    public enum Wait: Sendable, Hashable {
        /// The response (its head, when streaming).
        case response
        /// The next bytes of a streamed request body to be sent: the upload stalled.
        case requestBody
        /// The next chunk of a streamed response body: the transfer stalled.
        case bodyChunk
    }

    /// How long the wait was allowed.
    public let duration: Duration
    /// What did not arrive in time; ``Wait/response`` unless a streamed body stalled.
    public let waitingFor: Wait

    /// The error for a response that did not arrive within `duration`.
    public init(duration: Duration) {
        self.init(duration: duration, waitingFor: .response)
    }

    /// The error for a wait for `waitingFor` longer than `duration`.
    public init(duration: Duration, waitingFor: Wait) {
        self.duration = duration
        self.waitingFor = waitingFor
    }
}

extension TimeoutError: CustomStringConvertible {
    /// `"no response within 2.5 s"`, `"no body bytes within 30 s"` for a stalled body, or
    /// `"no request body bytes sent within 30 s"` for a stalled upload.
    public var description: String {
        switch waitingFor {
        case .response: TimeoutHTTPClient.message(for: duration)
        case .bodyChunk: "no body bytes within \(TimeoutHTTPClient.seconds(duration)) s"
        case .requestBody: "no request body bytes sent within \(TimeoutHTTPClient.seconds(duration)) s"
        }
    }
}

extension TimeoutError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
