import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// Unsafe requests removing entries, and a `POST` answer kept for `GET`.
struct InvalidationTests {
    private static func storing(_ paths: [HTTPPath], policy: HTTPCachePolicy = HTTPCachePolicy())
        -> (Invalidation, MemoryHTTPCacheStore)
    {
        let store = MemoryHTTPCacheStore()
        for path in paths { store.store(EntryFixtures.entry(), for: EntryFixtures.key(TestRequest(path: path))) }
        return (Invalidation(store: store, policy: policy, now: { EntryFixtures.arrival }), store)
    }

    private static func isStored(_ path: HTTPPath, in store: MemoryHTTPCacheStore) -> Bool {
        store.entry(for: EntryFixtures.key(TestRequest(path: path))) != nil
    }

    @Test func aSuccessRemovesItsPathAndThePathsItsResponseNames() {
        let (invalidation, store) = Self.storing(["items", "items/7", "other", "kept"])
        let post = TestRequest(method: .post, path: "items")
        let response = HTTPResponse(statusCode: 201, headers: ["Location": "items/7", "Content-Location": "other"])

        #expect(invalidation.invalidate(after: post, key: EntryFixtures.key(post), response: response))

        #expect(!Self.isStored("items", in: store) && !Self.isStored("items/7", in: store))
        #expect(!Self.isStored("other", in: store) && Self.isStored("kept", in: store))
    }

    @Test func aFailureOrOPTIONSRemovesNothing() {
        let (invalidation, store) = Self.storing(["items"])
        let delete = TestRequest(method: .delete, path: "items")
        let options = TestRequest(method: .options, path: "items")

        #expect(
            !invalidation.invalidate(
                after: delete, key: EntryFixtures.key(delete), response: HTTPResponse(statusCode: 500)))
        #expect(
            !invalidation.invalidate(
                after: options, key: EntryFixtures.key(options), response: HTTPResponse(statusCode: 200)))
        #expect(Self.isStored("items", in: store))
    }

    @Test func aPOSTAnswerNamingItsOwnURLIsStoredForGET() {
        let (invalidation, store) = Self.storing([])
        let post = TestRequest(method: .post, path: "items")
        let response = HTTPResponse(
            statusCode: 200, headers: ["Content-Location": "items", "Cache-Control": "max-age=60"])

        invalidation.storePOSTAnswer(response, to: post, data: Data("kept".utf8), requestTime: EntryFixtures.arrival)

        #expect(store.entry(for: EntryFixtures.key(TestRequest(path: "items")))?.body == Data("kept".utf8))
    }

    @Test func aPOSTAnswerWithoutExplicitFreshnessOrNamingAnotherURLIsNotStored() {
        let (invalidation, store) = Self.storing([])
        let post = TestRequest(method: .post, path: "items")
        let implicit = HTTPResponse(statusCode: 200, headers: ["Content-Location": "items"])
        let elsewhere = HTTPResponse(
            statusCode: 200, headers: ["Content-Location": "other", "Cache-Control": "max-age=60"])

        for response in [implicit, elsewhere] {
            invalidation.storePOSTAnswer(response, to: post, data: Data(), requestTime: EntryFixtures.arrival)
        }

        #expect(!Self.isStored("items", in: store) && !Self.isStored("other", in: store))
    }
}
