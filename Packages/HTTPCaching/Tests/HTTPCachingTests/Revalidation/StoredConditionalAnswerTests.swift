import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// The caller's own `If-None-Match` and `If-Modified-Since` answered by the store.
struct StoredConditionalAnswerTests {
    private static func sut(_ mode: HTTPCachePolicy.Mode = .normal, seconds: Int = 0, storing entry: HTTPCacheEntry?)
        -> StoredConditionalAnswer
    {
        let store = MemoryHTTPCacheStore()
        if let entry { store.store(entry, for: EntryFixtures.key()) }
        let clock = ManualClock()
        clock.advance(by: .seconds(seconds))
        return StoredConditionalAnswer(store: store, policy: HTTPCachePolicy(mode: mode), now: { clock.date })
    }

    private static func answer(_ sut: StoredConditionalAnswer, _ request: TestRequest) -> (Data, HTTPResponse)? {
        sut.answer(to: request, key: EntryFixtures.key(request), directives: RequestDirectives(request.headers))
    }

    @Test func aMatchingETagGivesNotModified() throws {
        let answer = try #require(
            Self.answer(Self.sut(storing: EntryFixtures.entry()), TestRequest(headers: ["If-None-Match": "W/\"1\""])))

        #expect(answer.1.statusCode == 304 && answer.0.isEmpty && HTTPCacheOutcome(answer.1) == .hit)
    }

    @Test func anotherETagGivesTheWholeAnswer() throws {
        let answer = try #require(
            Self.answer(Self.sut(storing: EntryFixtures.entry()), TestRequest(headers: ["If-None-Match": "\"2\""])))

        #expect(answer.1.statusCode == 200 && text(answer) == "body")
    }

    @Test func aStaleEntryAnswersOnlyOffline() {
        let request = TestRequest(headers: ["If-None-Match": "\"1\""])

        #expect(Self.answer(Self.sut(seconds: 61, storing: EntryFixtures.entry()), request) == nil)
        #expect(
            Self.answer(Self.sut(.offline, seconds: 61, storing: EntryFixtures.entry()), request)?.1.statusCode == 304)
    }

    @Test func reloadOtherPreconditionsAndNoEntryGoToTheOrigin() {
        let entry = EntryFixtures.entry()

        #expect(Self.answer(Self.sut(.reload, storing: entry), TestRequest(headers: ["If-None-Match": "\"1\""])) == nil)
        #expect(
            Self.answer(Self.sut(storing: entry), TestRequest(headers: ["If-None-Match": "\"1\"", "If-Match": "*"]))
                == nil)
        #expect(Self.answer(Self.sut(storing: nil), TestRequest(headers: ["If-None-Match": "\"1\""])) == nil)
    }

    @Test func aHEADIsAnsweredByTheStoredGET() throws {
        let request = TestRequest(method: .head, headers: ["If-None-Match": "\"2\""])

        let answer = try #require(Self.answer(Self.sut(storing: EntryFixtures.entry()), request))

        #expect(answer.1.statusCode == 200 && answer.0.isEmpty && answer.1.headers?["ETag"] == "\"1\"")
    }
}
