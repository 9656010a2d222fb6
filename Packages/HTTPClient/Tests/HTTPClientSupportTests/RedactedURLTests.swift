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

    @Test(arguments: [
        (
            "https://b.s3.amazonaws.com/f?X-Amz-Credential=AKIA%2F1&X-Amz-Security-Token=IQo&X-Amz-Expires=900"
                + "&X-Amz-Signature=f00d",
            "https://b.s3.amazonaws.com/f?X-Amz-Credential=[redacted]&X-Amz-Security-Token=[redacted]"
                + "&X-Amz-Expires=900&X-Amz-Signature=[redacted]"
        ),
        (
            "https://b.s3.amazonaws.com/f?AWSAccessKeyId=AKIA&Expires=1&Signature=abc%3D#part",
            "https://b.s3.amazonaws.com/f?AWSAccessKeyId=[redacted]&Expires=1&Signature=[redacted]#part"
        ),
        (
            "https://storage.googleapis.com/b/f?x-goog-credential=sa%40p&X-Goog-Signature=beef",
            "https://storage.googleapis.com/b/f?x-goog-credential=[redacted]&X-Goog-Signature=[redacted]"
        ),
        (
            "https://a.blob.core.windows.net/c/f?sp=r&sig=c2ln",
            "https://a.blob.core.windows.net/c/f?sp=r&sig=[redacted]"
        ),
    ])
    func replacesTheSignaturesAndCredentialsOfPresignedURLs(presigned: String, shown: String) throws {
        #expect(RedactedURL.string(from: presigned) == shown)
        #expect(RedactedURL.string(from: try #require(URL(string: presigned))) == shown)
    }

    @Test func freeTextHasEveryURLsSignatureReplaced() {
        let message = "redirect loop: https://s3.test/f?X-Amz-Signature=f00d was already visited"

        #expect(
            RedactedURL.text(message)
                == "redirect loop: https://s3.test/f?X-Amz-Signature=[redacted] was already visited")
    }

    @Test func aCallerAddsItsOwnParameters() throws {
        let url = try #require(URL(string: "https://u:p@h/f?Session=s3cr3t&page=2"))

        #expect(
            RedactedURL.string(from: url, redactingQueryParameters: ["session"])
                == "https://[redacted]@h/f?Session=[redacted]&page=2")
    }
}
