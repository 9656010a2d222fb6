import Foundation
import HTTPClient
import QuestionsFeatureAPI
import Testing

@Suite struct AvatarRequestTests {
    @Test func splitsAGravatarURLIntoOriginPathAndQuery() throws {
        let url = try #require(URL(string: "https://www.gravatar.com/avatar/0f1e2d?s=256&d=identicon&r=PG"))

        let request = try AvatarRequest(url: url)

        #expect(request.url == url)
        #expect(request.origin == URL(string: "https://www.gravatar.com"))
        #expect(request.method == .get)
        #expect(request.version == "")
        #expect(request.path == "avatar/0f1e2d")
        #expect(request.queryParameter == ["s": "256", "d": "identicon", "r": "PG"])
        #expect(request.headers == ["Accept": "image/*"])
        #expect(request.body == nil)
    }

    @Test func keepsAnExplicitPortAndHasNoQueryWhenTheURLHasNone() throws {
        let request = try AvatarRequest(
            url: try #require(URL(string: "http://127.0.0.1:8080/cdn/avatars/priya-raman.png")))

        #expect(request.origin == URL(string: "http://127.0.0.1:8080"))
        #expect(request.path == "cdn/avatars/priya-raman.png")
        #expect(request.queryParameter == nil)
    }

    @Test func percentDecodesThePathForTheClientToEncode() throws {
        let request = try AvatarRequest(
            url: try #require(URL(string: "https://cdn.example.com/a%20b/J%C3%B6rg.png?x=%C3%A4")))

        #expect(request.path == "a b/Jörg.png")
        #expect(request.queryParameter == ["x": "ä"])
    }

    @Test func dropsCredentialsAndFragmentAndLowercasesTheScheme() throws {
        let request = try AvatarRequest(url: try #require(URL(string: "HTTPS://user:secret@i.sstatic.net/x.png#top")))

        #expect(request.origin == URL(string: "https://i.sstatic.net"))
        #expect(request.path == "x.png")
    }

    @Test func supportsIPv6Hosts() throws {
        let request = try AvatarRequest(url: try #require(URL(string: "http://[::1]:9000/a.png")))

        #expect(request.origin == URL(string: "http://[::1]:9000"))
    }

    @Test func anEmptyQueryIsNoQuery() throws {
        #expect(try AvatarRequest(url: try #require(URL(string: "https://x.example/a.png?"))).queryParameter == nil)
    }

    @Test(arguments: [
        "ftp://files.example.com/a.png", "file:///tmp/a.png", "mailto:someone@example.com", "a.png",
        "//cdn.example/a.png",
    ])
    func rejectsURLsThatAreNotHTTP(text: String) throws {
        let url = try #require(URL(string: text))

        #expect(throws: AvatarRequest.Error.unsupportedScheme(url)) { try AvatarRequest(url: url) }
    }

    @Test func rejectsHostlessURLs() throws {
        let url = try #require(URL(string: "http:///nohost.png"))

        #expect(throws: AvatarRequest.Error.missingHost(url)) { try AvatarRequest(url: url) }
    }

    @Test func errorsReadWell() throws {
        let url = try #require(URL(string: "ftp://x/a.png"))

        #expect(
            AvatarRequest.Error.unsupportedScheme(url).localizedDescription
                == "The avatar URL ftp://x/a.png is not an http or https URL.")
    }
}
