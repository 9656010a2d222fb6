import Foundation
import HTTPClientSupport
import Testing

@Suite("BaseURL")
struct BaseURLTests {
    @Test(arguments: ["https://api.example.com/v2/", "http://127.0.0.1:3000", "http://user@example.com/a?b=c"])
    func acceptsAnAbsoluteHTTPURLWithAHost(text: String) throws {
        #expect(try BaseURL.parse(text).absoluteString == text)
    }

    @Test(arguments: [
        ("", TransportConfigurationError.emptyBaseURL),
        ("http://exa mple.com/", .unparseableBaseURL("http://exa mple.com/")),
        ("http://example.com:70000/", .unparseableBaseURL("http://example.com:70000/")),
        ("ftp://user:pw@example.com/", .unsupportedScheme(baseURL: "ftp://[redacted]@example.com/")),
        ("example.com/api", .unsupportedScheme(baseURL: "example.com/api")),
        ("http:///path", .missingHost(baseURL: "http:///path")),
        ("https://example.com/#top", .fragmentInBaseURL("https://example.com/#top")),
    ])
    func refusesWithTheReason(text: String, expected: TransportConfigurationError) {
        #expect(throws: expected) { try BaseURL.parse(text) }
    }

    @Test func aURLIsCheckedLikeItsString() throws {
        let file = try #require(URL(string: "file:///tmp"))

        #expect(throws: TransportConfigurationError.unsupportedScheme(baseURL: "file:///tmp")) {
            try BaseURL.validate(file)
        }
        try BaseURL.validate(try #require(URL(string: "https://example.com/api/")))
    }

    @Test func limitsMustBePositive() {
        #expect(throws: TransportConfigurationError.invalidRequestTimeout(.infinity)) {
            try TransportConfigurationError.validate(requestTimeout: .infinity, maximumResponseBytes: 1)
        }
        #expect(throws: TransportConfigurationError.invalidMaximumResponseBytes(0)) {
            try TransportConfigurationError.validate(requestTimeout: 1, maximumResponseBytes: 0)
        }
    }

    @Test func theDescriptionNamesTheRedactedInputAndTheProblem() {
        let error = TransportConfigurationError.missingHost(baseURL: "http://user:pw@/x")

        #expect(error.description == "Invalid base URL \"http://[redacted]@/x\": it has no host")
    }
}
