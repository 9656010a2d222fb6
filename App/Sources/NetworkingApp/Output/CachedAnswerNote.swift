import HTTPCaching
import HTTPClient

/// The line on standard error that says an answer came from the cache, and how old it is.
enum CachedAnswerNote {
    /// The note for `response`, or `nil` when the origin answered it.
    static func text(for response: HTTPResponse) -> String? {
        guard let outcome = HTTPCacheOutcome(response), outcome == .hit || outcome == .stale else { return nil }
        let age = Int(response.headers?["Age"] ?? "") ?? 0
        var note = "networking: cached answer, \(age) second\(age == 1 ? "" : "s") old"
        if outcome == .stale { note += ", no longer fresh" }
        if let left = response.headers?[HTTPResponse.backoffSecondsLeftHeader] {
            note += " (the API asked to wait \(left) more seconds)"
        } else if outcome == .hit {
            note += " (--no-cache reloads it)"
        }
        return note + "\n"
    }
}
