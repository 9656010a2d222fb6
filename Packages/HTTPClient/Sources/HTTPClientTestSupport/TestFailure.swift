/// A cause made up by a test, for the `underlying` of an `HTTPTransportError`: compared by its text.
///
/// ```swift
/// let failure = HTTPTransportError.timedOut(underlying: TestFailure("slow"))
/// ```
public struct TestFailure: Error, Equatable, CustomStringConvertible {
    /// The text the test gave it.
    public let description: String

    /// A failure reading `description`.
    public init(_ description: String) {
        self.description = description
    }
}
