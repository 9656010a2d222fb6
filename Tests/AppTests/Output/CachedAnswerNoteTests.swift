import Foundation
import HTTPCaching
import HTTPClient
import QuestionsFeatureAPI
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The note on standard error for an answer the cache gave, read from the answer's typed outcome and backoff.
struct CachedAnswerNoteTests {
    @Test func aFreshAnswerSaysItsAgeAndHowToReload() {
        #expect(
            CachedAnswerNote.text(for: answer(.hit, age: 1))
                == "networking: cached answer, 1 second old (--no-cache reloads it)\n")
    }

    @Test func aStaleAnswerSaysItIsNoLongerFresh() {
        #expect(
            CachedAnswerNote.text(for: answer(.stale, age: 90))
                == "networking: cached answer, 90 seconds old, no longer fresh\n")
    }

    @Test func anAnswerGivenBecauseOfABackoffSaysTheWaitLeft() {
        let note = CachedAnswerNote.text(for: answer(.hit, age: 5, backoffLeft: Backoff(seconds: 30)))

        #expect(note == "networking: cached answer, 5 seconds old (the API asked to wait 30 more seconds)\n")
    }

    @Test(arguments: [HTTPCacheOutcome.miss, .revalidated, nil])
    func theOriginsAnswersGetNoNote(outcome: HTTPCacheOutcome?) {
        #expect(CachedAnswerNote.text(for: answer(outcome, age: 0)) == nil)
    }

    private func answer(_ outcome: HTTPCacheOutcome?, age: Int, backoffLeft: Backoff? = nil) -> StackExchangeAnswer {
        var headers: HTTPHeaders = ["Age": String(age)]
        if let outcome { headers[HTTPCacheOutcome.headerName] = outcome.rawValue }
        return StackExchangeAnswer((Data(), HTTPResponse(statusCode: 200, headers: headers)), backoffLeft: backoffLeft)
    }
}
