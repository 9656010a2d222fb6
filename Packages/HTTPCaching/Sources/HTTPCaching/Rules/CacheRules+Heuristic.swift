import Foundation
import HTTPClient
import HTTPClientSupport

extension CacheRules {
    /// The lifetime of a response that states no freshness and does not say `no-cache`: the policy's
    /// ``HTTPCachePolicy/defaultFreshness``, else the heuristic one; `nil` for neither.
    static func implicitLifetime(
        _ statusCode: HTTPStatusCode, _ headers: HTTPHeaders, _ directives: CacheControl, responseTime: Date,
        policy: HTTPCachePolicy
    ) -> TimeInterval? {
        if let defaultFreshness = policy.defaultFreshness { return defaultFreshness.seconds }
        return heuristicLifetime(statusCode, headers, directives, responseTime: responseTime, policy: policy)
    }

    /// The heuristic lifetime (RFC 9111, 4.2.2): ``HTTPCachePolicy/heuristicFreshness`` of the time between
    /// `Last-Modified` and `Date` (the arrival without a valid `Date`), at most
    /// ``HTTPCachePolicy/heuristicFreshnessLimit``; `nil` when the heuristic is off, the status is not cacheable by
    /// default and the response is not `public`, or `Last-Modified` is missing, invalid or not in the past.
    static func heuristicLifetime(
        _ statusCode: HTTPStatusCode, _ headers: HTTPHeaders, _ directives: CacheControl, responseTime: Date,
        policy: HTTPCachePolicy
    ) -> TimeInterval? {
        guard let fraction = policy.heuristicFreshness, fraction.isFinite, fraction > 0,
            heuristicallyCacheable.contains(statusCode) || directives.has("public"),
            let lastModified = headers["Last-Modified"].flatMap({ HTTPDate.parse($0, now: responseTime) })
        else { return nil }
        let date = headers["Date"].flatMap { HTTPDate.parse($0, now: responseTime) } ?? responseTime
        let unchanged = date.timeIntervalSince(lastModified)
        guard unchanged > 0 else { return nil }
        return min(unchanged * fraction, max(0, policy.heuristicFreshnessLimit.seconds))
    }
}
