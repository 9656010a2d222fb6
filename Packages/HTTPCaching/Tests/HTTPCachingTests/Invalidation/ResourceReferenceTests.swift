import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// `Location` and `Content-Location` references resolved against the request's URL.
struct ResourceReferenceTests {
    private static let base = URL(string: "https://example.com/api/")
    private static let request = TestRequest(path: "items/7")

    @Test func aRelativeReferenceNamesAResourceUnderTheBase() {
        #expect(ResourceReference.resource(named: "../items", by: Self.request, baseURL: Self.base) == "v1/items")
        #expect(
            ResourceReference.resource(named: "/api/v1/other/", by: Self.request, baseURL: Self.base) == "v1/other/")
    }

    @Test func anotherOriginOrAPathOutsideTheBaseNamesNothing() {
        #expect(
            ResourceReference.resource(named: "https://other.com/api/v1/items", by: Self.request, baseURL: Self.base)
                == nil)
        #expect(ResourceReference.resource(named: "/elsewhere", by: Self.request, baseURL: Self.base) == nil)
    }

    @Test func theSameOriginCountsWithoutCaseAndWithTheDefaultPort() {
        let reference = "HTTPS://EXAMPLE.com:443/api/v1/items"

        #expect(ResourceReference.resource(named: reference, by: Self.request, baseURL: Self.base) == "v1/items")
    }

    @Test func withoutABaseOnlyRelativeReferencesCount() {
        #expect(ResourceReference.resource(named: "other", by: Self.request, baseURL: nil) == "v1/items/other")
        #expect(
            ResourceReference.resource(named: "https://example.com/v1/other", by: Self.request, baseURL: nil) == nil)
    }

    @Test func namingTheRequestsURLComparesPathAndQuery() {
        let request = TestRequest(path: "items", queryParameter: ["page": "2"])

        #expect(ResourceReference.names("items?page=2", urlOf: request, baseURL: Self.base))
        #expect(!ResourceReference.names("items?page=3", urlOf: request, baseURL: Self.base))
        #expect(!ResourceReference.names("items", urlOf: request, baseURL: Self.base))
    }
}
