import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// `Vary`: values that differ only in what RFC 9111, 4.1 lets a cache normalise select the same variant.
struct CachingHTTPClientVariantNormalisationTests {
    private static func varying(_ name: String) -> HTTPHeaders {
        ["Cache-Control": "max-age=60", "Vary": name]
    }

    /// Whether a request sending `second` is answered by the variant stored for one sending `first`.
    private static func sameVariant(_ name: String, _ first: String, _ second: String) async throws -> Bool {
        let cache = CachingSUT([
            .status(200, body: "first", headers: varying(name)), .status(200, body: "second", headers: varying(name)),
        ])
        try await cache.load(TestRequest(headers: [name: first]))
        return try await cache.load(TestRequest(headers: [name: second])).body == "first"
    }

    @Test(arguments: [("en, fr", "en,fr"), ("en,fr", " en ,\tfr "), (" en ,   de", "en, de"), ("en", "en ")])
    func spacesAroundListMembersDoNotMakeAnotherVariant(first: String, second: String) async throws {
        #expect(try await Self.sameVariant("Accept-Language", first, second))
    }

    @Test func spacesAroundTheMembersOfAnyFieldDoNotMakeAnotherVariant() async throws {
        #expect(try await Self.sameVariant("Foo", "1,2", "1, 2"))
    }

    @Test(arguments: [
        ("Accept-Language", "eN, De", "en, de"), ("Accept-Encoding", "GZIP, br;Q=0.5", "gzip,br;q=0.5"),
        ("Accept-Charset", "UTF-8", "utf-8"),
    ])
    func caseDoesNotMakeAnotherVariantOfCaseInsensitiveFields(name: String, first: String, second: String)
        async throws
    {
        #expect(try await Self.sameVariant(name, first, second))
    }

    @Test(arguments: [("Foo", "A"), ("Accept", "text/plain; format=Flowed"), ("User-Agent", "Agent/1")])
    func caseMakesAnotherVariantOfOtherFields(name: String, value: String) async throws {
        #expect(try await !Self.sameVariant(name, value, value.lowercased()))
    }

    @Test func listMembersKeepTheirOrder() async throws {
        #expect(try await !Self.sameVariant("Accept-Language", "de, en", "en, de"))
    }

    @Test func spacesInsideAQuotedStringAreKept() async throws {
        #expect(try await !Self.sameVariant("Foo", "x; note=\"a,b\"", "x; note=\"a, b\""))
        #expect(try await Self.sameVariant("Foo", "x; note=\"a,b\" ,y", "x; note=\"a,b\", y"))
    }

    @Test func emptyListMembersStillCount() async throws {
        #expect(try await !Self.sameVariant("Accept-Language", "en, , fr", "en, fr"))
    }
}
