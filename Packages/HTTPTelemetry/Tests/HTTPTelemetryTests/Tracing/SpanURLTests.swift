import Foundation
import HTTPTelemetry
import Testing

struct SpanURLTests {
    @Test func redactsUserInfoAndSensitiveValuesKeepingTheRest() throws {
        let url = try #require(
            URL(string: "https://me:pw@api.example.com:8443/a/b?sig=x1&Code=y2&page=3&token=&q=a%20b#frag"))

        #expect(
            SpanURL.full(url)
                == "https://REDACTED:REDACTED@api.example.com:8443/a/b?sig=REDACTED&Code=REDACTED&page=3&token=REDACTED"
                + "&q=a%20b#frag")
    }

    @Test(arguments: [
        (
            "https://b.s3.amazonaws.com/f?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20250101"
                + "&X-Amz-Date=20250101T000000Z&X-Amz-Expires=900&X-Amz-Security-Token=IQo&X-Amz-SignedHeaders=host"
                + "&X-Amz-Signature=f00d",
            "https://b.s3.amazonaws.com/f?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=REDACTED"
                + "&X-Amz-Date=20250101T000000Z&X-Amz-Expires=900&X-Amz-Security-Token=REDACTED"
                + "&X-Amz-SignedHeaders=host&X-Amz-Signature=REDACTED"
        ),
        (
            "https://b.s3.amazonaws.com/f?AWSAccessKeyId=AKIA&Expires=1700000000&Signature=abc%3D",
            "https://b.s3.amazonaws.com/f?AWSAccessKeyId=REDACTED&Expires=1700000000&Signature=REDACTED"
        ),
        (
            "https://storage.googleapis.com/b/f?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=sa%40p"
                + "&X-Goog-Signature=beef",
            "https://storage.googleapis.com/b/f?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=REDACTED"
                + "&X-Goog-Signature=REDACTED"
        ),
        (
            "https://a.blob.core.windows.net/c/f?sv=2022-11-02&se=2025-01-01&sp=r&sig=c2ln",
            "https://a.blob.core.windows.net/c/f?sv=2022-11-02&se=2025-01-01&sp=r&sig=REDACTED"
        ),
    ])
    func redactsTheSignaturesAndCredentialsOfPresignedURLs(presigned: String, shown: String) throws {
        #expect(SpanURL.full(try #require(URL(string: presigned))) == shown)
    }

    @Test func redactsTheParametersACallerAdds() throws {
        let url = try #require(URL(string: "https://h/f?session=s3cr3t&page=2"))

        #expect(SpanURL.full(url, redactingQueryParameters: ["SESSION"]) == "https://h/f?session=REDACTED&page=2")
    }

    @Test func leavesAURLWithoutSecretsAsItIs() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/2.3/questions?order=desc&flag"))

        #expect(SpanURL.full(url) == "http://127.0.0.1:8080/2.3/questions?order=desc&flag")
    }

    @Test func matchesPercentEncodedParameterNames() throws {
        let url = try #require(URL(string: "https://h/?access%5Ftoken=abc"))

        #expect(SpanURL.full(url) == "https://h/?access%5Ftoken=REDACTED")
    }

    @Test func writesAURLWithNoQueryOrUserInfoAbsoluteAndUnchanged() throws {
        let base = try #require(URL(string: "http://127.0.0.1:8080/2.3/"))
        let relative = try #require(URL(string: "questions/1%202#top", relativeTo: base))

        #expect(SpanURL.full(relative) == "http://127.0.0.1:8080/2.3/questions/1%202#top")
    }
}
