import Foundation
import HTTPClient

/// When a stored entry answers as fresh, and when a stale one may answer all the same (RFC 9111, 4.2.4: only where
/// it is explicitly allowed): standing in for a failed origin (`stale-if-error`, RFC 5861, 4) or while it is
/// revalidated in the background (`stale-while-revalidate`, RFC 5861, 3).
struct CacheFreshness: Sendable {
    /// How many seconds past its freshness an entry may stand in for a failed origin when neither the request nor
    /// the response says.
    let staleIfError: TimeInterval

    /// The allowances of `policy`.
    init(policy: HTTPCachePolicy) {
        staleIfError = policy.staleIfError.seconds
    }

    /// The outcome an answer from `entry` reports at `date`: `hit` when fresh, else `stale`.
    static func outcome(of entry: HTTPCacheEntry, at date: Date) -> HTTPCacheOutcome {
        entry.isFresh(at: date) ? .hit : .stale
    }

    /// Whether `stored` may stand in for a failed origin at `date`: it is no server error itself, its response
    /// allows stale answers, and it is stale by no more than the request's `stale-if-error`, else the response's,
    /// else `staleIfError`.
    func mayStandIn(_ stored: HTTPCacheEntry, _ directives: RequestDirectives, at date: Date) -> Bool {
        guard !(500..<600).contains(stored.statusCode), CacheRules.allowsStaleAnswers(stored) else { return false }
        let allowance =
            directives.staleIfError ?? CacheControl(stored.headers["Cache-Control"]).seconds("stale-if-error")
            ?? staleIfError
        return stored.age(at: date) - stored.freshnessLifetime <= allowance
    }

    /// Whether `stored` may answer stale at `date` while it is revalidated in the background: it is stale by no
    /// more than its response's `stale-while-revalidate` seconds, and neither its response (`must-revalidate`,
    /// `no-cache`) nor the request (`no-cache`, `max-age`, `min-fresh`, `max-stale`, `no-store`,
    /// `only-if-cached`) rules it out.
    static func mayAnswerWhileRevalidating(_ stored: HTTPCacheEntry, directives: RequestDirectives, at date: Date)
        -> Bool
    {
        guard !stored.isFresh(at: date), allowsStaleWhileRevalidating(directives),
            CacheRules.allowsStaleAnswers(stored),
            let window = CacheControl(stored.headers["Cache-Control"]).seconds("stale-while-revalidate")
        else { return false }
        return stored.age(at: date) - stored.freshnessLifetime <= window
    }

    /// Whether the request leaves the store free to answer stale within the response's window: it states no
    /// limit of its own on age or staleness, and wants the origin asked and the store updated.
    private static func allowsStaleWhileRevalidating(_ directives: RequestDirectives) -> Bool {
        !directives.noCache && !directives.noStore && !directives.onlyIfCached && directives.maxAge == nil
            && directives.minFresh == nil && directives.maxStale == nil
    }
}
