import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// The stored `GET` a `HEAD` describes: found by the `HEAD`, updated or removed by its response.
struct StoredGETTests {
    private static let head = TestRequest(method: .head, queryParameter: ["page": "2"])

    private static func storing(_ entry: HTTPCacheEntry) -> (StoredGET, MemoryHTTPCacheStore) {
        let store = MemoryHTTPCacheStore()
        store.store(entry, for: EntryFixtures.key(TestRequest(queryParameter: ["page": "2"])))
        return (StoredGET(store: store, policy: HTTPCachePolicy()), store)
    }

    @Test func theKeyIsTheGETsOfTheSameResourceAndQuery() {
        #expect(StoredGET.key(of: Self.head) == EntryFixtures.key(TestRequest(queryParameter: ["page": "2"])))
    }

    @Test func theHEADFindsTheStoredGET() {
        let (storedGET, _) = Self.storing(EntryFixtures.entry())

        #expect(storedGET.entry(for: Self.head)?.body == Data("body".utf8))
    }

    @Test func aResponseWithTheSameValidatorUpdatesTheFields() {
        let (storedGET, _) = Self.storing(EntryFixtures.entry())
        let response = HTTPResponse(statusCode: 200, headers: ["ETag": "\"1\"", "X-Version": "2"])

        storedGET.update(
            for: Self.head, by: response, requestTime: EntryFixtures.arrival, responseTime: EntryFixtures.arrival)

        let updated = storedGET.entry(for: Self.head)
        #expect(updated?.headers["X-Version"] == "2" && updated?.body == Data("body".utf8))
    }

    @Test func aResponseWithAnotherValidatorRemovesTheEntry() {
        let (storedGET, _) = Self.storing(EntryFixtures.entry())
        let response = HTTPResponse(statusCode: 200, headers: ["ETag": "\"2\""])

        storedGET.update(
            for: Self.head, by: response, requestTime: EntryFixtures.arrival, responseTime: EntryFixtures.arrival)

        #expect(storedGET.entry(for: Self.head) == nil)
    }

    @Test func describingNeedsAValidatorAndTheSameLength() {
        let stored = EntryFixtures.entry(headers: ["ETag": "\"1\"", "Content-Length": "4"])

        #expect(StoredGET.describes(HTTPResponse(statusCode: 200, headers: ["ETag": "\"1\""]), stored))
        #expect(!StoredGET.describes(HTTPResponse(statusCode: 200, headers: ["Content-Length": "4"]), stored))
        #expect(
            !StoredGET.describes(
                HTTPResponse(statusCode: 200, headers: ["ETag": "\"1\"", "Content-Length": "5"]), stored))
    }
}
