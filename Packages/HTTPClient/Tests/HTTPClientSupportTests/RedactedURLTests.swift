import Foundation
import HTTPClient
import HTTPClientSupport
import Testing

struct RedactedURLTests {
    @Test(arguments: [
        ("http://user:pw@example.com/a?b=c", "http://[redacted]@example.com/a?b=c"),
        ("https://user@example.com:8443/", "https://[redacted]@example.com:8443/"),
        ("http://a@b:c@example.com/x@y", "http://[redacted]@example.com/x@y"),
        ("http://example.com/path@not-userinfo", "http://example.com/path@not-userinfo"),
        ("http://example.com?q=a@b", "http://example.com?q=a@b"),
        ("not a url", "not a url"),
        ("http://us er:p w@host", "http://[redacted]@host"),
    ])
    func replacesOnlyTheUserinfo(input: String, expected: String) {
        #expect(RedactedURL.string(from: input) == expected)
    }

    @Test func aURLPrintsThroughTheSameRule() throws {
        let url = try #require(URL(string: "http://user:secret@127.0.0.1:3000/v1/token"))
        #expect(url.redactedString == "http://[redacted]@127.0.0.1:3000/v1/token")
        #expect(!url.redactedString.contains("secret"))
    }

    @Test func freeTextHasEveryURLsUserinfoReplacedAndKeepsTheRest() {
        let message = "GET http://u:secret@host/a failed (see http://other@h2:8080/b); mail me@example.com"

        #expect(
            RedactedURL.text(message)
                == "GET http://[redacted]@host/a failed (see http://[redacted]@h2:8080/b); mail me@example.com")
    }
}
