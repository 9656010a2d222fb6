import Foundation
import HTTPClient
import Testing

@testable import HTTPCaching

/// When stale entries may answer: `stale-if-error` and `stale-while-revalidate`.
struct CacheFreshnessTests {
    private static let freshness = CacheFreshness(policy: HTTPCachePolicy(staleIfError: .seconds(100)))
    private static let none = RequestDirectives(nil)

    @Test func theOutcomeIsAHitWhileFreshThenStale() {
        let entry = EntryFixtures.entry(lifetime: 60)

        #expect(CacheFreshness.outcome(of: entry, at: EntryFixtures.date(after: 59)) == .hit)
        #expect(CacheFreshness.outcome(of: entry, at: EntryFixtures.date(after: 60)) == .stale)
    }

    @Test func thePolicyAllowanceLimitsAStandIn() {
        let entry = EntryFixtures.entry(lifetime: 60)

        #expect(Self.freshness.mayStandIn(entry, Self.none, at: EntryFixtures.date(after: 160)))
        #expect(!Self.freshness.mayStandIn(entry, Self.none, at: EntryFixtures.date(after: 161)))
    }

    @Test func theRequestAllowanceComesBeforeTheResponseAndThePolicy() {
        let entry = EntryFixtures.entry(headers: ["Cache-Control": "stale-if-error=500"], lifetime: 60)
        let request = RequestDirectives(["Cache-Control": "stale-if-error=10"])

        #expect(!Self.freshness.mayStandIn(entry, request, at: EntryFixtures.date(after: 71)))
        #expect(Self.freshness.mayStandIn(entry, Self.none, at: EntryFixtures.date(after: 560)))
        #expect(!Self.freshness.mayStandIn(entry, Self.none, at: EntryFixtures.date(after: 561)))
    }

    @Test func aServerErrorOrMustRevalidateNeverStandsIn() {
        let failed = EntryFixtures.entry(status: 503)
        let strict = EntryFixtures.entry(headers: ["Cache-Control": "must-revalidate"])
        let date = EntryFixtures.date(after: 61)

        #expect(!Self.freshness.mayStandIn(failed, Self.none, at: date))
        #expect(!Self.freshness.mayStandIn(strict, Self.none, at: date))
    }

    @Test func theStaleWhileRevalidateWindowIsTheResponses() {
        let entry = EntryFixtures.entry(headers: ["Cache-Control": "max-age=60, stale-while-revalidate=30"])

        #expect(
            !CacheFreshness.mayAnswerWhileRevalidating(entry, directives: Self.none, at: EntryFixtures.date(after: 59)))
        #expect(
            CacheFreshness.mayAnswerWhileRevalidating(entry, directives: Self.none, at: EntryFixtures.date(after: 90)))
        #expect(
            !CacheFreshness.mayAnswerWhileRevalidating(entry, directives: Self.none, at: EntryFixtures.date(after: 91)))
        #expect(
            !CacheFreshness.mayAnswerWhileRevalidating(
                EntryFixtures.entry(), directives: Self.none, at: EntryFixtures.date(after: 61)))
    }

    @Test(arguments: ["no-cache", "no-store", "only-if-cached", "max-age=600", "min-fresh=1", "max-stale=5"])
    func aRequestLimitShutsTheStaleWhileRevalidateWindow(_ directive: String) {
        let entry = EntryFixtures.entry(headers: ["Cache-Control": "max-age=60, stale-while-revalidate=30"])
        let directives = RequestDirectives(["Cache-Control": directive])

        #expect(
            !CacheFreshness.mayAnswerWhileRevalidating(entry, directives: directives, at: EntryFixtures.date(after: 70))
        )
    }

    @Test func mustRevalidateShutsTheStaleWhileRevalidateWindow() {
        let entry = EntryFixtures.entry(headers: ["Cache-Control": "must-revalidate, stale-while-revalidate=30"])

        #expect(
            !CacheFreshness.mayAnswerWhileRevalidating(entry, directives: Self.none, at: EntryFixtures.date(after: 70)))
    }
}
