import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// The caller's own `If-None-Match` and `If-Modified-Since` evaluated against a fresh stored response
/// (RFC 9111, 4.3.2; RFC 9110, 13.1.2, 13.1.3 and 13.2.2).
struct CachingHTTPClientConditionalRequestTests {
    /// A fresh stored `200` with `etag` (when given) and `extra` fields, body `stored`.
    private static func cache(etag: String? = nil, _ extra: HTTPHeaders = HTTPHeaders()) async throws -> CachingSUT {
        var headers = extra.merging(["Cache-Control": "max-age=60"])
        if let etag { headers["ETag"] = etag }
        let cache = CachingSUT([.status(200, body: "stored", headers: headers)])
        try await cache.load()
        return cache
    }

    @Test(
        arguments: [
            ("\"abcdef\"", "\"abcdef\""), ("W/\"abcdef\"", "W/\"abcdef\""), ("W/\"abcdef\"", "\"abcdef\""),
            ("\"abcdef\"", "W/\"abcdef\""), ("\"abcdef\"", "\"abcdef\", \"1234\", \"5678\""),
            ("\"abcdef\"", "\"1234\",\"abcdef\", \"5678\""), ("\"abcdef\"", "\"1234\", \"5678\", \"abcdef\""),
            ("\"a,b\"", "\"x\", \"a,b\""), ("\"abcdef\"", "*"), ("abcdef", "abcdef"), ("w/\"abcdef\"", "w/\"abcdef\""),
            ("W\\\"abcdef\"", "W\\\"abcdef\""), ("W\"abcdef\"", "W\"abcdef\""), ("\"abcdef\"", " \t\"abcdef\" "),
            // A combining mark after the opening quote does not hide it: the comma stays inside the tag.
            ("\"\u{0301},x\"", "\"a\", \"\u{0301},x\""), ("W/\"\u{0301}\"", "\"\u{0301}\" ,\tW/\"\""),
        ])
    func aMatchingEntityTagGetsAnEmpty304FromTheStore(stored: String, ifNoneMatch: String) async throws {
        let cache = try await Self.cache(etag: stored)

        let (body, response) = try await cache.load(TestRequest(headers: ["If-None-Match": ifNoneMatch]))

        #expect(response.statusCode == 304 && body.isEmpty && response.cacheOutcome == .hit)
        #expect(response.headers?["ETag"] == stored)
        #expect(await cache.sent == 1)
    }

    @Test(
        arguments: [
            ("\"abcdef\"", "\"abcdeg\""), ("\"abcdef\"", "\"1234\", \"5678\""), ("\"abcdef\"", "abcdef"),
            ("\"a,b\"", "\"a\", \"b\""), ("W/\"abcdef\"", "w/\"abcdef\""), ("\"abcdef\"", ""),
            ("\"abcdef\"", "\"ABCDEF\""),
            // Weak comparison compares bytes: a canonically equivalent spelling is another entity-tag.
            ("\"\u{00E9}\"", "\"e\u{0301}\""), ("\"e\u{0301}\"", "W/\"\u{00E9}\""),
        ])
    func anEntityTagThatDoesNotMatchGetsTheWholeFreshEntryFromTheStore(stored: String, ifNoneMatch: String)
        async throws
    {
        let cache = try await Self.cache(etag: stored)

        let (body, response) = try await cache.load(TestRequest(headers: ["If-None-Match": ifNoneMatch]))

        #expect(response.statusCode == 200 && body == "stored" && response.cacheOutcome == .hit)
        #expect(await cache.sent == 1)
    }

    @Test func anEntryWithoutAnETagMatchesOnlyAStar() async throws {
        let cache = try await Self.cache()

        #expect(try await cache.load(TestRequest(headers: ["If-None-Match": "\"abcdef\""])).body == "stored")
        #expect(try await cache.load(TestRequest(headers: ["If-None-Match": "*"])).response.statusCode == 304)
        #expect(await cache.sent == 1)
    }

    @Test func the304CarriesTheStoredFieldsButTheBodysFramingWithAgeAndOutcome() async throws {
        let stored: HTTPHeaders = [
            "ETag": "\"v1\"", "Content-Location": "/v1/resource.json", "Date": "Sun, 06 Nov 1994 08:49:37 GMT",
            "Expires": "Sun, 06 Nov 1994 09:49:37 GMT", "Vary": "Accept",
            "Last-Modified": "Sat, 05 Nov 1994 08:00:00 GMT",
            "Content-Type": "application/json", "Content-Length": "6", "Content-Encoding": "gzip",
        ]
        let cache = CachingSUT([.status(200, body: "stored", headers: stored.merging(["Cache-Control": "max-age=60"]))])
        try await cache.load(TestRequest(headers: ["Accept": "application/json"]))
        cache.advance(seconds: 5)

        let (body, response) = try await cache.load(
            TestRequest(headers: ["If-None-Match": "\"v1\"", "Accept": "application/json"]))

        let headers = try #require(response.headers)
        #expect(response.statusCode == 304 && body.isEmpty)
        for name in ["ETag", "Cache-Control", "Content-Location", "Date", "Expires", "Vary", "Last-Modified"] {
            #expect(headers[name] == stored.merging(["Cache-Control": "max-age=60"])[name], "\(name)")
        }
        #expect(headers["Content-Length"] == nil && headers["Content-Encoding"] == nil)
        #expect(headers["Age"] == "5" && headers[HTTPCacheOutcome.headerName] == "hit")
    }

    @Test func ifNoneMatchDecidesAndIfModifiedSinceIsThenIgnored() async throws {
        let cache = try await Self.cache(etag: "\"v1\"", ["Last-Modified": "Sat, 05 Nov 1994 08:00:00 GMT"])
        let later = "Sun, 06 Nov 1994 08:00:00 GMT"
        let earlier = "Fri, 04 Nov 1994 08:00:00 GMT"

        let stillCurrent = TestRequest(headers: ["If-None-Match": "\"v1\"", "If-Modified-Since": earlier])
        let changed = TestRequest(headers: ["If-None-Match": "\"v0\"", "If-Modified-Since": later])

        #expect(try await cache.load(stillCurrent).response.statusCode == 304)
        #expect(try await cache.load(changed).body == "stored")
        #expect(await cache.sent == 1)
    }

    @Test(
        arguments: [
            ("Sat, 05 Nov 1994 08:00:00 GMT", 304), ("Sat, 05 Nov 1994 08:00:01 GMT", 304),
            ("Saturday, 05-Nov-94 08:00:00 GMT", 304), ("Sat, 05 Nov 1994 07:59:59 GMT", 200),
        ])
    func ifModifiedSinceGetsA304WhenTheStoredLastModifiedIsNoLater(since: String, status: Int) async throws {
        let cache = try await Self.cache(["Last-Modified": "Sat, 05 Nov 1994 08:00:00 GMT"])

        let (body, response) = try await cache.load(TestRequest(headers: ["If-Modified-Since": since]))

        #expect(response.statusCode == status && body == (status == 200 ? "stored" : ""))
        #expect(response.cacheOutcome == .hit)
        #expect(await cache.sent == 1)
    }

    @Test(arguments: [("Sun, 06 Nov 1994 08:49:30 GMT", 304), ("Sun, 06 Nov 1994 08:49:29 GMT", 200)])
    func withoutLastModifiedIfModifiedSinceIsComparedWithDate(since: String, status: Int) async throws {
        let cache = try await Self.cache(["Date": "Sun, 06 Nov 1994 08:49:30 GMT"])

        #expect(try await cache.load(TestRequest(headers: ["If-Modified-Since": since])).response.statusCode == status)
    }

    @Test(arguments: [("Sun, 06 Nov 1994 08:49:37 GMT", 304), ("Sun, 06 Nov 1994 08:49:36 GMT", 200)])
    func withoutLastModifiedOrDateIfModifiedSinceIsComparedWithTheArrival(since: String, status: Int) async throws {
        let cache = try await Self.cache()

        #expect(try await cache.load(TestRequest(headers: ["If-Modified-Since": since])).response.statusCode == status)
    }

    @Test(arguments: ["yesterday", "", "Sat, 05 Nov 1994 08:00:00 GMT, Sat, 05 Nov 1994 09:00:00 GMT"])
    func anInvalidIfModifiedSinceIsIgnoredAndTheFreshEntryAnswers(since: String) async throws {
        let cache = try await Self.cache(["Last-Modified": "Sat, 05 Nov 1994 08:00:00 GMT"])

        let (body, response) = try await cache.load(TestRequest(headers: ["If-Modified-Since": since]))

        #expect(response.statusCode == 200 && body == "stored" && response.cacheOutcome == .hit)
        #expect(await cache.sent == 1)
    }
}
