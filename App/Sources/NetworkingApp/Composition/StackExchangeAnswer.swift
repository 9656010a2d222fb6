import Foundation
import HTTPCaching
import HTTPClient
import QuestionsFeatureAPI

/// An answer of the Stack Exchange chain with how it was given, as typed values: the cache's outcome, its
/// age, and the backoff it stood in for. The cache's marker is read once, here; notes and deadlines read these.
struct StackExchangeAnswer: Sendable {
    let data: Data
    let response: HTTPResponse
    /// How the response cache gave the answer; `nil` when it came through no cache.
    let cacheOutcome: HTTPCacheOutcome?
    /// The wait left on the API method when a backoff deadline held and the cache answered instead.
    var backoffLeft: Backoff?

    /// The answer `loaded` through the chain.
    init(_ loaded: (Data, HTTPResponse), backoffLeft: Backoff? = nil) {
        (data, response) = loaded
        cacheOutcome = HTTPCacheOutcome(response)
        self.backoffLeft = backoffLeft
    }

    /// Whether the origin sent this answer (no cache, or the cache's `miss`).
    var isFromOrigin: Bool { (cacheOutcome ?? .miss) == .miss }

    /// The answer's age in seconds (its `Age` header), 0 when it says none.
    var ageSeconds: Int { Int(response.headers?["Age"] ?? "") ?? 0 }
}
