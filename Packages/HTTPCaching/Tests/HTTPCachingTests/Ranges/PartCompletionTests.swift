import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// A stored part completed by a range request for the rest.
struct PartCompletionTests {
    private static let part = EntryFixtures.entry(
        status: 206, body: "abc", headers: ["ETag": "\"1\"", "Content-Range": "bytes 0-2/6"],
        variant: [CacheRules.partRangeName: "-"])

    private static func rest(_ body: String = "def", etag: String = "\"1\"", range: String = "bytes 3-5/6")
        -> HTTPResponse
    {
        HTTPResponse(statusCode: 206, headers: ["ETag": etag, "Content-Range": range, "Cache-Control": "max-age=60"])
    }

    @Test func theRestStartsAfterAPartThatHoldsTheFirstBytes() {
        #expect(PartCompletion.rest(of: Self.part) == 3)
        let middle = EntryFixtures.entry(status: 206, body: "cd", headers: ["Content-Range": "bytes 2-3/6"])
        #expect(PartCompletion.rest(of: middle) == nil)
        let whole = EntryFixtures.entry(status: 206, body: "abcdef", headers: ["Content-Range": "bytes 0-5/6"])
        #expect(PartCompletion.rest(of: whole) == nil)
    }

    @Test func theSameStrongETagCombinesIntoAWholeAnswer() throws {
        let combined = try #require(
            PartCompletion.combined(Self.part, withRest: Data("def".utf8), Self.rest(), from: 3))

        #expect(combined.1.statusCode == 200 && text(combined) == "abcdef")
        #expect(combined.1.headers?["Content-Range"] == nil && combined.1.headers?["Content-Length"] == "6")
        #expect(combined.1.headers?["Cache-Control"] == "max-age=60")
    }

    @Test func anotherETagOrAnotherRangeDoesNotCombine() {
        let data = Data("def".utf8)

        #expect(PartCompletion.combined(Self.part, withRest: data, Self.rest(etag: "\"2\""), from: 3) == nil)
        #expect(PartCompletion.combined(Self.part, withRest: data, Self.rest(etag: "W/\"1\""), from: 3) == nil)
        #expect(PartCompletion.combined(Self.part, withRest: data, Self.rest(range: "bytes 3-5/7"), from: 3) == nil)
        #expect(PartCompletion.combined(Self.part, withRest: Data("de".utf8), Self.rest(), from: 3) == nil)
    }

    @Test func completingAsksForTheRestAndStoresTheWhole() async throws {
        let origin = ScriptedHTTPClient(replies: [.response(Data("def".utf8), Self.rest())])
        let store = MemoryHTTPCacheStore()
        store.store(Self.part, for: EntryFixtures.key())
        let completion = PartCompletion(origin: EntryFixtures.fetch(origin, store: store))
        let part = try #require(completion.part(for: TestRequest(), key: EntryFixtures.key()))

        let answer = try await completion.complete(
            part, for: TestRequest(), key: EntryFixtures.key(), directives: RequestDirectives(nil))

        #expect(answer.1.statusCode == 200 && text(answer) == "abcdef" && HTTPCacheOutcome(answer.1) == .miss)
        let sent = await origin.requests.first?.headers
        #expect(sent?["Range"] == "bytes=3-" && sent?["If-Range"] == "\"1\"")
        #expect(store.entry(for: EntryFixtures.key()) { $0.statusCode == 200 }?.body == Data("abcdef".utf8))
    }

    @Test func aRestThatDoesNotFitIsDroppedAndTheRequestSentAgain() async throws {
        let origin = ScriptedHTTPClient(replies: [
            .response(Data("def".utf8), Self.rest(etag: "\"2\"")), .status(200, body: "whole"),
        ])
        let completion = PartCompletion(origin: EntryFixtures.fetch(origin, store: MemoryHTTPCacheStore()))

        let answer = try await completion.complete(
            Self.part, for: TestRequest(), key: EntryFixtures.key(), directives: RequestDirectives(nil))

        #expect(text(answer) == "whole")
        #expect(await origin.requests.last?.headers?["Range"] == nil)
    }

    @Test func aRangeRequestHasNoPartToComplete() {
        let store = MemoryHTTPCacheStore()
        store.store(Self.part, for: EntryFixtures.key())
        let completion = PartCompletion(origin: EntryFixtures.fetch(ScriptedHTTPClient(), store: store))

        #expect(completion.part(for: TestRequest(headers: ["Range": "bytes=0-1"]), key: EntryFixtures.key()) == nil)
    }
}
