import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// `stale-while-revalidate`: a stale answer at once, and one revalidation per variant in the background.
@Suite(.timeLimit(.minutes(1)))  // a safety net: a revalidation that never ended would hang, not fail
struct BackgroundRevalidationTests {
    private static let windowed = EntryFixtures.entry(
        headers: ["Cache-Control": "max-age=60, stale-while-revalidate=30", "ETag": "\"1\""])

    @Test func withinTheWindowTheEntryAnswersStaleAndTheStoreIsUpdatedInTheBackground() async throws {
        let origin = ScriptedHTTPClient(replies: [.status(200, body: "new", headers: ["Cache-Control": "max-age=60"])])
        let store = MemoryHTTPCacheStore()
        let revalidation = BackgroundRevalidation(
            origin: EntryFixtures.fetch(origin, store: store), revalidations: Revalidations())
        let request = TestRequest(headers: ["Range": "bytes=0-1"])

        let answer = revalidation.answer(
            request, key: EntryFixtures.key(request), stored: Self.windowed, directives: RequestDirectives(nil),
            at: EntryFixtures.date(after: 70))
        await revalidation.revalidations.finished()

        #expect(answer.map(text) == "body" && answer.map { HTTPCacheOutcome($0.1) } == .stale)
        let sent = await origin.requests.first?.headers
        #expect(sent?["Range"] == nil && sent?["If-None-Match"] == "\"1\"")
        #expect(store.entry(for: EntryFixtures.key())?.body == Data("new".utf8))
    }

    @Test func outsideTheWindowThereIsNoAnswerAndNoRequest() async throws {
        let origin = ScriptedHTTPClient()
        let revalidation = BackgroundRevalidation(
            origin: EntryFixtures.fetch(origin, store: MemoryHTTPCacheStore()), revalidations: Revalidations())

        let answer = revalidation.answer(
            TestRequest(), key: EntryFixtures.key(), stored: Self.windowed, directives: RequestDirectives(nil),
            at: EntryFixtures.date(after: 91))

        #expect(answer == nil && revalidation.revalidations.count == 0)
        #expect(await origin.requests.isEmpty)
    }

    @Test func oneRevalidationRunsPerVariant() async throws {
        let gate = Gate()
        let origin = ScriptedHTTPClient(replies: [.after(gate, .status(304))])
        let revalidation = BackgroundRevalidation(
            origin: EntryFixtures.fetch(origin, store: MemoryHTTPCacheStore()), revalidations: Revalidations())
        let key = EntryFixtures.key()
        let directives = RequestDirectives(nil)

        let first = revalidation.start(TestRequest(), key: key, stored: Self.windowed, directives: directives)
        let second = revalidation.start(TestRequest(), key: key, stored: Self.windowed, directives: directives)
        await gate.open()
        await revalidation.revalidations.finished()

        #expect(first && !second)
        #expect(await origin.requests.count == 1)
    }
}
