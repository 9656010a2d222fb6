import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// Asking the origin for a streamed answer: the store written as the caller reads, a `304` served from the store.
struct StreamingFetchTests {
    private static func fetch(_ replies: [StreamedReply], store: any HTTPCacheStore, seconds: Int = 0)
        -> (StreamingFetch, StreamingScriptedHTTPClient)
    {
        let origin = StreamingScriptedHTTPClient(replies: replies)
        let clock = ManualClock()
        clock.advance(by: .seconds(seconds))
        return (StreamingFetch(client: origin, store: store, policy: HTTPCachePolicy(), now: { clock.date }), origin)
    }

    private static func read(
        _ fetch: StreamingFetch, stored: StoredAnswer? = nil, directives: RequestDirectives = RequestDirectives(nil)
    ) async throws -> (body: String, response: HTTPResponse) {
        try await fetch.fetch(
            TestRequest(), key: EntryFixtures.key(), stored: stored, directives: directives, progress: nil
        ) { response, body in
            (String(decoding: try await body.collect(upTo: 100), as: UTF8.self), response)
        }
    }

    @Test func aStorableAnswerIsStoredWhenReadCompletely() async throws {
        let store = MemoryHTTPCacheStore()
        let (fetch, _) = Self.fetch([.cacheable([Data("ab".utf8), Data("c".utf8)])], store: store)

        let (body, response) = try await Self.read(fetch)

        #expect(body == "abc" && HTTPCacheOutcome(response) == .miss)
        #expect(store.entry(for: EntryFixtures.key())?.body == Data("abc".utf8))
    }

    @Test func noStoreStreamsWithoutStoring() async throws {
        let store = MemoryHTTPCacheStore()
        let (fetch, _) = Self.fetch([.cacheable([Data("abc".utf8)])], store: store)

        _ = try await Self.read(fetch, directives: RequestDirectives(["Cache-Control": "no-store"]))

        #expect(store.entry(for: EntryFixtures.key()) == nil)
    }

    @Test func aNotModifiedServesTheStoredBodyConditionally() async throws {
        let store = MemoryHTTPCacheStore()
        let (fetch, origin) = Self.fetch(
            [.status(304, headers: ["Cache-Control": "max-age=120"])], store: store, seconds: 90)
        let stored: StoredAnswer = (EntryFixtures.entry(), scriptedBody(["body"]))

        let (body, response) = try await Self.read(fetch, stored: stored)

        #expect(body == "body" && HTTPCacheOutcome(response) == .revalidated)
        #expect(await origin.requests.first?.request.headers?["If-None-Match"] == "\"1\"")
        #expect(store.entry(for: EntryFixtures.key())?.freshnessLifetime == 120)
    }

    @Test func aServerErrorServesAStaleStandIn() async throws {
        let (fetch, _) = Self.fetch([.status(503, chunks: ["down"])], store: MemoryHTTPCacheStore(), seconds: 90)
        let stored: StoredAnswer = (EntryFixtures.entry(), scriptedBody(["body"]))

        let (body, response) = try await Self.read(fetch, stored: stored)

        #expect(body == "body" && HTTPCacheOutcome(response) == .stale)
    }
}
