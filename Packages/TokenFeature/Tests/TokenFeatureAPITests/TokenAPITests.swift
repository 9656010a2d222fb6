import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import TokenFeatureAPI

@Suite struct TokenAPITests {
    @Test func tokenIsAGetOfV1TokenAcceptingPlainText() {
        let request = HTTPRequestSnapshot(TokenAPI.token)

        #expect(request.method == .get)
        #expect(request.version == "v1")
        #expect(request.path == "token")
        #expect(request.headers == ["Accept": "text/plain"])
        #expect(request.queryParameter == nil)
        #expect(request.body == nil)
    }

    @Test func updateIsAPostOfV1TokenWithTheTokenAsUTF8PlainText() {
        let request = HTTPRequestSnapshot(TokenAPI.update(token: "new-tøken ✓"))

        #expect(request.method == .post)
        #expect(request.version == "v1")
        #expect(request.path == "token")
        #expect(request.headers == ["Content-Type": "text/plain; charset=utf-8"])
        #expect(request.queryParameter == nil)
        #expect(request.body == Data("new-tøken ✓".utf8))
    }
}
