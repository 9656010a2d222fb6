import Foundation
import HTTPClient

/// One stored answer with what the cache needs to judge its age.
///
/// Ages are computed as in RFC 9111, 4.2.3: ``initialAge`` is the corrected age when the answer arrived at
/// ``responseTime``; the age now adds the time the entry has been resident since.
public struct HTTPCacheEntry: Sendable, Hashable {
    /// The stored status code.
    public var statusCode: HTTPStatusCode
    /// The stored response headers (updated by each revalidation).
    public var headers: HTTPHeaders
    /// The stored body.
    public var body: Data
    /// When the answer (or its last revalidation) arrived.
    public var responseTime: Date
    /// The answer's age in seconds when it arrived, from its `Age` and `Date` headers and the round trip.
    public var initialAge: TimeInterval
    /// How many seconds the answer stays fresh, from `max-age`, `Expires` or the policy's default.
    public var freshnessLifetime: TimeInterval
    /// Fingerprints of the request headers the response names in `Vary`, by lowercased name.
    /// Values are hashed, so no header value (an `Authorization`, say) is ever written to a store.
    public var variant: [String: String]

    /// Creates an entry.
    public init(
        statusCode: HTTPStatusCode, headers: HTTPHeaders, body: Data, responseTime: Date,
        initialAge: TimeInterval = 0, freshnessLifetime: TimeInterval, variant: [String: String] = [:]
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.responseTime = responseTime
        self.initialAge = initialAge
        self.freshnessLifetime = freshnessLifetime
        self.variant = variant
    }

    /// The entry's age in seconds at `now`.
    public func age(at now: Date) -> TimeInterval {
        initialAge + max(0, now.timeIntervalSince(responseTime))
    }

    /// Whether the entry is still fresh at `now`.
    public func isFresh(at now: Date) -> Bool {
        freshnessLifetime > age(at: now)
    }

    /// About how many bytes the entry takes: its body plus its headers and fingerprints.
    public var byteCount: Int {
        var count = body.count + 64
        for field in headers { count += field.name.utf8.count + field.value.utf8.count + 4 }
        for (name, value) in variant { count += name.utf8.count + value.utf8.count + 4 }
        return count
    }
}
