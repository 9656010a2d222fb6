import NetworkingComposition
import QuestionsFeatureAPI

/// The line on standard error that says an answer came from the cache, and how old it is.
enum CachedAnswerNote {
    /// The note for `answer`, or `nil` when the origin answered it.
    static func text(for answer: StackExchangeAnswer) -> String? {
        guard let outcome = answer.cacheOutcome, outcome == .hit || outcome == .stale else { return nil }
        let age = answer.ageSeconds
        var note = "networking: cached answer, \(age) second\(age == 1 ? "" : "s") old"
        if outcome == .stale { note += ", no longer fresh" }
        if let left = answer.backoffLeft {
            note += " (the API asked to wait \(left.seconds) more seconds)"
        } else if outcome == .hit {
            note += " (--no-cache reloads it)"
        }
        return note + "\n"
    }

    /// Hears each answer and writes the note of a cached one through `write`; what the questions composer's
    /// `answered` takes.
    static func writing(to write: @escaping @Sendable (String) -> Void) -> @Sendable (StackExchangeAnswer) -> Void {
        { answer in
            if let note = text(for: answer) { write(note) }
        }
    }
}
