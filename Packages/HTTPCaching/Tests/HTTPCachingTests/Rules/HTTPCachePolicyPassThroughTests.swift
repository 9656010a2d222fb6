import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// Requests that skip the cache: a withheld credential, or the caller's own preconditions.
struct HTTPCachePolicyPassThroughTests {
    @Test func aPlainRequestGoesThroughTheCache() {
        #expect(!HTTPCachePolicy().passesThrough(TestRequest()))
        #expect(!HTTPCachePolicy().passesThrough(TestRequest(headers: ["Accept": "text/plain"])))
    }

    @Test(arguments: HTTPCachePolicy.preconditionFields)
    func aPreconditionPassesThrough(_ field: String) {
        #expect(HTTPCachePolicy().passesThrough(TestRequest(headers: [field: "\"1\""])))
    }

    @Test func authorizationPassesThroughUnlessThePolicyStoresIt() {
        let request = TestRequest(headers: ["Authorization": "Bearer t"])
        var storing = HTTPCachePolicy()
        storing.storesAuthorizedResponses = true

        #expect(HTTPCachePolicy().withholdsCredential(request) && HTTPCachePolicy().passesThrough(request))
        #expect(!storing.withholdsCredential(request) && !storing.passesThrough(request))
    }
}
