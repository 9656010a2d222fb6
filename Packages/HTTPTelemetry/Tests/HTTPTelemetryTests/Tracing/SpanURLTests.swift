import Foundation
import HTTPTelemetry
import Testing

struct SpanURLTests {
    @Test func removesUserInfoAndRedactsSensitiveValuesKeepingTheRest() throws {
        let url = try #require(
            URL(string: "https://me:pw@api.example.com:8443/a/b?sig=x1&Code=y2&page=3&token=&q=a%20b#frag"))

        #expect(
            SpanURL.full(url)
                == "https://api.example.com:8443/a/b?sig=REDACTED&Code=REDACTED&page=3&token=REDACTED&q=a%20b#frag")
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
