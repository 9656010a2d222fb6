import Foundation
import HTTPClient

/// What the caller's own request says about answers from the store (RFC 9111, 5.2.1), with `Pragma: no-cache`
/// read as `Cache-Control: no-cache` when the request has no `Cache-Control` (5.4).
struct RequestDirectives {
    /// `no-cache`: the store may not answer without asking the origin.
    var noCache = false
    /// `no-store`: nothing of this exchange is stored.
    var noStore = false
    /// `only-if-cached`: the origin is never asked; without an acceptable entry the answer is a 504.
    var onlyIfCached = false
    /// `max-age`: the oldest answer accepted, in seconds.
    var maxAge: TimeInterval?
    /// `max-stale`: how many seconds past its freshness an answer is accepted; infinite without a value.
    var maxStale: TimeInterval?
    /// `min-fresh`: how many more seconds an answer must stay fresh.
    var minFresh: TimeInterval?
    /// `stale-if-error` (RFC 5861, 4): how many seconds past its freshness an answer may stand in for a failed
    /// origin, instead of the response's own allowance or the policy's.
    var staleIfError: TimeInterval?

    init(_ headers: HTTPHeaders?) {
        guard let headers else { return }
        guard let value = headers["Cache-Control"] else {
            noCache = headers["Pragma"].map(Self.saysNoCache) ?? false
            return
        }
        let directives = CacheControl(value)
        noCache = directives.has("no-cache")
        noStore = directives.has("no-store")
        onlyIfCached = directives.has("only-if-cached")
        maxAge = directives.seconds("max-age")
        minFresh = directives.seconds("min-fresh")
        staleIfError = directives.seconds("stale-if-error")
        if let argument = directives.argument("max-stale") {
            maxStale = argument.isEmpty ? .infinity : CacheControl.deltaSeconds(argument)
        }
    }

    /// Whether `entry` may answer at `date` without asking the origin: it is fresh (and fresh enough for
    /// `max-age` and `min-fresh`), or stale by no more than `max-stale` and its response allows stale answers.
    /// A fresh entry whose response said `immutable` (RFC 8246, 2) is young enough for any `max-age`: the request
    /// asks again only for a representation that cannot have changed, as a reload does; `no-cache` still asks.
    func accepts(_ entry: HTTPCacheEntry, at date: Date) -> Bool {
        guard !noCache else { return false }
        let age = entry.age(at: date)
        let remaining = entry.freshnessLifetime - age
        if let maxAge, age > maxAge, !(remaining > 0 && CacheRules.isImmutable(entry)) { return false }
        if let minFresh, remaining < minFresh { return false }
        if remaining > 0 { return true }
        guard let maxStale, CacheRules.allowsStaleAnswers(entry) else { return false }
        return -remaining <= maxStale
    }

    /// Whether a `Pragma` value lists `no-cache`.
    private static func saysNoCache(_ pragma: String) -> Bool {
        pragma.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "no-cache" }
    }
}
