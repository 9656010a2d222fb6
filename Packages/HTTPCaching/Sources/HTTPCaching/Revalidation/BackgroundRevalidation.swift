import Foundation
import HTTPClient

/// `stale-while-revalidate` (RFC 5861, 3): a stored entry whose response allows it answers at once while it is
/// stale by no more than the directive's seconds, and the origin is asked in the background.
struct BackgroundRevalidation: Sendable {
    /// How the origin is asked, and the store updated.
    let origin: ConditionalFetch
    /// The revalidations running, at most one per stored variant.
    let revalidations: Revalidations

    /// The stale answer for `stored` when its `stale-while-revalidate` window allows one
    /// (`CacheFreshness/mayAnswerWhileRevalidating(_:directives:at:)`), after starting the entry's background
    /// revalidation; `nil` when the request must wait for the origin.
    func answer(
        _ request: any HTTPRequest, key: HTTPCacheKey, stored: HTTPCacheEntry?, directives: RequestDirectives,
        at date: Date
    ) -> (Data, HTTPResponse)? {
        guard let stored, CacheFreshness.mayAnswerWhileRevalidating(stored, directives: directives, at: date) else {
            return nil
        }
        start(request, key: key, stored: stored, directives: directives)
        return CachedAnswer.answer(stored, .stale, at: date)
    }

    /// Revalidates `stored` as a foreground revalidation would, storing what comes back, unless a revalidation
    /// of the same variant is already running. It asks for the whole representation (no `Range`, no `If-Range`),
    /// so that what comes back can replace the entry. Its answer and its errors go nowhere.
    /// - Returns: Whether a new revalidation started.
    @discardableResult
    func start(
        _ request: any HTTPRequest, key: HTTPCacheKey, stored: HTTPCacheEntry, directives: RequestDirectives
    ) -> Bool {
        var whole = ModifiedRequest(request)
        whole.headers?["Range"] = nil
        whole.headers?["If-Range"] = nil
        return revalidations.start(Revalidations.Slot(key: key, variant: stored.variant)) { [whole, origin] in
            _ = try? await origin.fetch(whole, key: key, stored: stored, directives: directives)
        }
    }
}
