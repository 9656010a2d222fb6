import HTTPCaching
import HTTPClient
import QuestionsFeatureAPI

extension StackExchangeAnswer {
    /// How the response cache gave the answer, read from its marker header; `nil` when it came through no cache.
    package var cacheOutcome: HTTPCacheOutcome? { HTTPCacheOutcome(response) }

    /// Whether the origin sent the response (no cache, or the cache's `miss`).
    static func isFromOrigin(_ response: HTTPResponse) -> Bool {
        (HTTPCacheOutcome(response) ?? .miss) == .miss
    }
}
