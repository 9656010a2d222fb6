import Foundation
import HTTPClient

/// `stale-while-revalidate` (RFC 5861, 3; RFC 9111, 4.2.4: a stale answer only where it is explicitly allowed): a
/// stored entry whose response allows it answers at once while it is stale by no more than the directive's
/// seconds, and the origin is asked in the background.
extension CachingHTTPClient {
    /// The stale answer for `stored` when its `stale-while-revalidate` window allows one, after starting the
    /// entry's background revalidation; `nil` when the request must wait for the origin.
    ///
    /// The window does not apply when the stored response said `must-revalidate` or `no-cache`, or when the
    /// request narrowed what it accepts (`no-cache`, `max-age`, `min-fresh`, `max-stale`), asked that nothing be
    /// stored (`no-store`), or that the origin not be asked (`only-if-cached`).
    func answerWhileRevalidating(
        _ request: any HTTPRequest, key: HTTPCacheKey, stored: HTTPCacheEntry?, directives: RequestDirectives,
        at date: Date
    ) -> (Data, HTTPResponse)? {
        guard let stored, Self.mayAnswerWhileRevalidating(stored, directives: directives, at: date) else {
            return nil
        }
        revalidateInBackground(request, key: key, stored: stored, directives: directives)
        return Self.answer(stored, .stale, at: date)
    }

    /// Whether `stored` may answer stale at `date` while it is revalidated in the background, as
    /// `answerWhileRevalidating(_:key:stored:directives:at:)` says.
    static func mayAnswerWhileRevalidating(_ stored: HTTPCacheEntry, directives: RequestDirectives, at date: Date)
        -> Bool
    {
        guard !stored.isFresh(at: date), allowsStaleWhileRevalidating(directives),
            CacheRules.allowsStaleAnswers(stored),
            let window = CacheControl(stored.headers["Cache-Control"]).seconds("stale-while-revalidate")
        else { return false }
        return stored.age(at: date) - stored.freshnessLifetime <= window
    }

    /// Revalidates `stored` as a foreground revalidation would, storing what comes back, unless a revalidation
    /// of the same variant is already running. It asks for the whole representation (no `Range`, no `If-Range`),
    /// so that what comes back can replace the entry. Its answer and its errors go nowhere.
    private func revalidateInBackground(
        _ request: any HTTPRequest, key: HTTPCacheKey, stored: HTTPCacheEntry, directives: RequestDirectives
    ) {
        var whole = ModifiedRequest(request)
        whole.headers?["Range"] = nil
        whole.headers?["If-Range"] = nil
        revalidations.start(Revalidations.Slot(key: key, variant: stored.variant)) { [whole] in
            _ = try? await fetch(whole, key: key, stored: stored, directives: directives)
        }
    }

    /// Returns once every background revalidation running when it is called has ended.
    func backgroundRevalidationsFinished() async {
        await revalidations.finished()
    }

    /// Whether the request leaves the store free to answer stale within the response's window: it states no
    /// limit of its own on age or staleness, and wants the origin asked and the store updated.
    private static func allowsStaleWhileRevalidating(_ directives: RequestDirectives) -> Bool {
        !directives.noCache && !directives.noStore && !directives.onlyIfCached && directives.maxAge == nil
            && directives.minFresh == nil && directives.maxStale == nil
    }
}
