import Foundation
import HTTPClient

/// An answer of the Stack Exchange API, with the backoff it stood in for when a cache gave it in place of the
/// origin (see ``StackExchangeBackoff``).
public struct StackExchangeAnswer: Sendable {
    /// The response body.
    public let data: Data
    /// The response.
    public let response: HTTPResponse
    /// The wait left on the API method when a backoff deadline held and a cache answered instead.
    public var backoffLeft: Backoff?

    /// The answer `loaded` through a client.
    public init(_ loaded: (Data, HTTPResponse), backoffLeft: Backoff? = nil) {
        (data, response) = loaded
        self.backoffLeft = backoffLeft
    }

    /// The answer's age in seconds (its `Age` header), 0 when it says none.
    public var ageSeconds: Int { Int(response.headers?["Age"] ?? "") ?? 0 }
}
