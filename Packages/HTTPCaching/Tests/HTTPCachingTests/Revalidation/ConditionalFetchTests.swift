import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// One exchange with the origin: conditional when the entry has validators, and the store updated by its answer.
struct ConditionalFetchTests {
    private static let none = RequestDirectives(nil)

    @Test func validatorsComeFromTheETagAndLastModified() {
        let entry = EntryFixtures.entry(headers: ["ETag": "\"7\"", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"])

        let validators = ConditionalFetch.validators(of: entry)

        #expect(validators["If-None-Match"] == "\"7\"")
        #expect(validators["If-Modified-Since"] == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(ConditionalFetch.validators(of: EntryFixtures.entry(headers: [:])).isEmpty)
    }

    @Test func aNotModifiedAnswersTheStoredBodyAndStoresTheMergedEntry() async throws {
        let origin = ScriptedHTTPClient(replies: [.status(304, headers: ["Cache-Control": "max-age=120"])])
        let store = MemoryHTTPCacheStore()
        let fetch = EntryFixtures.fetch(origin, store: store)

        let answer = try await fetch.fetch(
            TestRequest(), key: EntryFixtures.key(), stored: EntryFixtures.entry(), directives: Self.none)

        #expect(text(answer) == "body" && answer.1.statusCode == 200 && HTTPCacheOutcome(answer.1) == .revalidated)
        #expect(await origin.requests.first?.headers?["If-None-Match"] == "\"1\"")
        #expect(store.entry(for: EntryFixtures.key())?.freshnessLifetime == 120)
    }

    @Test func aStorableAnswerIsStoredAndMarkedAMiss() async throws {
        let origin = ScriptedHTTPClient(replies: [.status(200, body: "new", headers: ["Cache-Control": "max-age=60"])])
        let store = MemoryHTTPCacheStore()

        let answer = try await EntryFixtures.fetch(origin, store: store).fetch(
            TestRequest(), key: EntryFixtures.key(), stored: nil, directives: Self.none)

        #expect(text(answer) == "new" && HTTPCacheOutcome(answer.1) == .miss)
        #expect(store.entry(for: EntryFixtures.key())?.body == Data("new".utf8))
        #expect(await origin.requests.first?.headers?["If-None-Match"] == nil)
    }

    @Test func noStoreLeavesTheStoreAlone() async throws {
        let origin = ScriptedHTTPClient(replies: [.status(200, body: "new", headers: ["Cache-Control": "max-age=60"])])
        let store = MemoryHTTPCacheStore()

        _ = try await EntryFixtures.fetch(origin, store: store).fetch(
            TestRequest(), key: EntryFixtures.key(), stored: nil,
            directives: RequestDirectives(["Cache-Control": "no-store"]))

        #expect(store.entry(for: EntryFixtures.key()) == nil)
    }

    @Test func anUnstorableAnswerRemovesTheEntryItReplaces() async throws {
        let origin = ScriptedHTTPClient(replies: [.status(200, body: "new", headers: ["Cache-Control": "no-store"])])
        let store = MemoryHTTPCacheStore()
        store.store(EntryFixtures.entry(), for: EntryFixtures.key())

        _ = try await EntryFixtures.fetch(origin, store: store).fetch(
            TestRequest(), key: EntryFixtures.key(), stored: EntryFixtures.entry(), directives: Self.none)

        #expect(store.entry(for: EntryFixtures.key()) == nil)
    }

    @Test func aServerErrorIsAnsweredByAStaleStandIn() async throws {
        let origin = ScriptedHTTPClient(replies: [.status(503)])
        let clock = ManualClock()
        clock.advance(by: .seconds(90))

        let answer = try await EntryFixtures.fetch(origin, store: MemoryHTTPCacheStore(), clock: clock).fetch(
            TestRequest(), key: EntryFixtures.key(), stored: EntryFixtures.entry(), directives: Self.none)

        #expect(text(answer) == "body" && HTTPCacheOutcome(answer.1) == .stale && answer.1.headers?["Age"] == "90")
    }

    @Test func aFailureWithoutAStandInIsThrown() async throws {
        let origin = ScriptedHTTPClient(replies: [.failure(OriginError())])
        let fetch = EntryFixtures.fetch(origin, store: MemoryHTTPCacheStore())

        await #expect(throws: OriginError.self) {
            try await fetch.fetch(TestRequest(), key: EntryFixtures.key(), stored: nil, directives: Self.none)
        }
    }

    @Test func aHEADUpdatesTheStoredGET() async throws {
        let head = TestRequest(method: .head)
        let origin = ScriptedHTTPClient(replies: [
            .status(200, headers: ["ETag": "\"1\"", "Cache-Control": "max-age=300", "X-Version": "2"])
        ])
        let store = MemoryHTTPCacheStore()
        store.store(EntryFixtures.entry(), for: EntryFixtures.key())

        _ = try await EntryFixtures.fetch(origin, store: store).fetch(
            head, key: EntryFixtures.key(head), stored: nil, directives: Self.none)

        let updated = store.entry(for: EntryFixtures.key())
        #expect(updated?.headers["X-Version"] == "2" && updated?.body == Data("body".utf8))
    }
}
