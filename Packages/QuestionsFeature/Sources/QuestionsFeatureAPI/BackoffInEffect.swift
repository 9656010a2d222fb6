import Foundation

/// A Stack Exchange API method is under `backoff` and its answer is not cached, so no request was sent.
public struct BackoffInEffect: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The API method, for example `questions`.
    public let method: String
    /// Whole seconds until requests may be sent again.
    public let secondsLeft: Int

    /// An error for `method`, with `secondsLeft` to wait.
    public init(method: String, secondsLeft: Int) {
        self.method = method
        self.secondsLeft = secondsLeft
    }

    public var description: String {
        "The Stack Exchange API asked to wait before calling /\(method) again (\(secondsLeft) seconds left), "
            + "and the answer is not cached."
    }

    public var errorDescription: String? { description }
}
