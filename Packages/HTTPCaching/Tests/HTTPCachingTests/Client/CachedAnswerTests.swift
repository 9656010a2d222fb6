import Foundation
import HTTPClient
import Testing

@testable import HTTPCaching

/// Answers made from stored entries, and the `X-Cache` mark.
struct CachedAnswerTests {
    @Test func aFreshEntryAnswersAsAHitWithItsAge() {
        let answer = CachedAnswer.answer(EntryFixtures.entry(), at: EntryFixtures.date(after: 5))

        #expect(text(answer) == "body" && answer.1.statusCode == 200)
        #expect(answer.1.headers?["Age"] == "5" && HTTPCacheOutcome(answer.1) == .hit)
    }

    @Test func aStaleEntryAnswersAsStale() {
        let answer = CachedAnswer.answer(EntryFixtures.entry(), at: EntryFixtures.date(after: 61))

        #expect(HTTPCacheOutcome(answer.1) == .stale && answer.1.headers?["Age"] == "61")
    }

    @Test func anAnswerWithoutItsBodyKeepsItsHeaders() {
        let answer = CachedAnswer.answer(
            EntryFixtures.entry(), .revalidated, at: EntryFixtures.arrival, includingBody: false)

        #expect(answer.0.isEmpty && answer.1.headers?["ETag"] == "\"1\"")
        #expect(HTTPCacheOutcome(answer.1) == .revalidated)
    }

    @Test func anAgeBeforeTheArrivalCountsAsZero() {
        let answer = CachedAnswer.answer(EntryFixtures.entry(), at: EntryFixtures.date(after: -30))

        #expect(answer.1.headers?["Age"] == "0")
    }

    @Test func markingReplacesTheOutcomeAndKeepsTheRest() {
        let response = HTTPResponse(statusCode: 201, headers: ["X-Cache": "hit", "Location": "a"])

        let marked = CachedAnswer.marked((Data("x".utf8), response), .miss)

        #expect(text(marked) == "x" && marked.1.statusCode == 201)
        #expect(marked.1.headers?["Location"] == "a" && HTTPCacheOutcome(marked.1) == .miss)
        #expect(HTTPCacheOutcome(CachedAnswer.marked(HTTPResponse(statusCode: 200), .stale)) == .stale)
    }

    @Test func theGatewayTimeoutIsAnEmptyMiss() {
        let (body, response) = CachedAnswer.gatewayTimeout

        #expect(body.isEmpty && response.statusCode == 504 && HTTPCacheOutcome(response) == .miss)
    }

    @Test func notModifiedLeavesOutTheFraming() {
        let entry = EntryFixtures.entry(
            headers: ["ETag": "\"1\"", "Content-Length": "4", "Content-Encoding": "gzip", "Content-Type": "text/plain"])

        let (body, response) = CachedAnswer.notModified(entry, .hit, at: EntryFixtures.arrival)

        #expect(body.isEmpty && response.statusCode == 304)
        #expect(response.headers?["Content-Length"] == nil && response.headers?["Content-Encoding"] == nil)
        #expect(response.headers?["Content-Type"] == "text/plain" && response.headers?["ETag"] == "\"1\"")
        #expect(HTTPCacheOutcome(response) == .hit)
    }
}
