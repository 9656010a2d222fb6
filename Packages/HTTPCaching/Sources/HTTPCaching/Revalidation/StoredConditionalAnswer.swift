import Foundation
import HTTPClient

/// The caller's own conditional `GET` or `HEAD` answered by the store (RFC 9111, 4.3.2).
struct StoredConditionalAnswer: Sendable {
    /// Where entries are kept.
    let store: any HTTPCacheStore
    /// The mode and the credential rule.
    let policy: HTTPCachePolicy
    /// The current date.
    let now: @Sendable () -> Date

    /// The store's answer to `request`, a `GET` or `HEAD` with its own preconditions, or `nil` when it goes to the
    /// origin as written.
    ///
    /// The store answers when the request's conditions are only `If-None-Match` and `If-Modified-Since`
    /// (`ConditionalRequest`), no credential is passed through, the mode is not ``HTTPCachePolicy/Mode/reload``,
    /// and an entry answers as it would answer the request without its conditions: one the request's directives
    /// accept, or any stored one offline. A `2xx` entry that leaves the condition false gives a `304 Not Modified`;
    /// any other entry gives its whole answer, as a hit would (preconditions apply to `2xx` answers alone, RFC 9110,
    /// 13.2.1).
    func answer(to request: any HTTPRequest, key: HTTPCacheKey, directives: RequestDirectives)
        -> (Data, HTTPResponse)?
    {
        guard policy.mode != .reload, let condition = ConditionalRequest(request.headers),
            !policy.withholdsCredential(request)
        else { return nil }
        let date = now()
        let usable = { (entry: HTTPCacheEntry) in policy.mode == .offline || directives.accepts(entry, at: date) }
        guard let entry = answeringEntry(for: request, key: key, where: usable) else { return nil }
        let outcome = CacheFreshness.outcome(of: entry, at: date)
        guard (200..<300).contains(entry.statusCode), condition.isNotModified(by: entry) else {
            return RangedAnswer.ranged(
                CachedAnswer.answer(entry, outcome, at: date, includingBody: request.method == .get), for: request)
        }
        return CachedAnswer.notModified(entry, outcome, at: date)
    }

    /// The entry that answers `request` when `usable` takes it: its own, else for a `HEAD` the stored `GET`'s.
    private func answeringEntry(
        for request: any HTTPRequest, key: HTTPCacheKey, where usable: (HTTPCacheEntry) -> Bool
    ) -> HTTPCacheEntry? {
        if let own = store.entry(for: key, where: { CacheRules.matches($0, request) }), usable(own) { return own }
        guard request.method == .head, let get = StoredGET(store: store, policy: policy).entry(for: request),
            usable(get)
        else { return nil }
        return get
    }
}
