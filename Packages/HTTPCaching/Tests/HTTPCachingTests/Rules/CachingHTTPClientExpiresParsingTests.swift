import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// How the `Expires` value's spelling decides reuse: a value that is not an HTTP-date means "already expired"
/// (RFC 9111, 5.3); the zone is matched case-insensitively (RFC 9111, 4.2).
struct CachingHTTPClientExpiresParsingTests {
    private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    @Test(arguments: [
        "Sun, 06  Nov  1994 08:50:37 GMT", "Sunday,  06-Nov-94 08:50:37 GMT", "Sun Nov   6 08:50:37 1994",
    ])
    func anExpiresWithARunOfSpacesIsAlreadyExpired(expires: String) async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Date": date, "Expires": expires]), .status(200, body: "b"),
        ])
        try await cache.load()

        #expect(try await cache.load().body == "b")
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:50:37 gMT", "Sunday, 06-Nov-94 08:50:37 gmt", "Sun Nov  6 08:50:37 1994"])
    func anExpiresInAnyAcceptedSpellingGivesItsLifetime(expires: String) async throws {
        let cache = CachingSUT([
            .status(200, body: "a", headers: ["Date": date, "Expires": expires]), .status(200, body: "b"),
        ])
        try await cache.load()
        cache.advance(seconds: 59)
        #expect(try await cache.load().response.cacheOutcome == .hit)

        cache.advance(seconds: 1)
        #expect(try await cache.load().body == "b")
    }
}
