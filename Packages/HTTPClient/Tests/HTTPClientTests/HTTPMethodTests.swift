import HTTPClient
import Testing

struct HTTPMethodTests {
    @Test func standardMethodsAreTheirWireSpellings() {
        #expect(
            HTTPMethod.standard.map(\.name) == ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH"])
        #expect(HTTPMethod.standard.allSatisfy { HTTPMethod(rawValue: $0.rawValue) == $0 })
    }

    @Test(arguments: ["M-SEARCH", "PROPFIND", "get", "X_1.2", "!#$%&'*+-.^_`|~", "0"])
    func anyTokenIsAMethod(_ token: String) throws {
        let method = try #require(HTTPMethod(rawValue: token))
        #expect(method.rawValue == token && method.name == token && method.description == token)
    }

    @Test(arguments: ["", "GET ", " GET", "M SEARCH", "GET\r\n", "a/b", "(x)", "a,b", "x:y", "\"Q\"", "ÉTÉ", "G\u{0}"])
    func aStringThatIsNoTokenIsRefused(_ string: String) {
        #expect(HTTPMethod(rawValue: string) == nil)
    }

    @Test func methodsCompareBySpellingWithLetterCase() {
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod(rawValue: "get") != .get)
    }

    @Test func safeMethodsAreGetHeadOptionsAndTrace() {
        #expect(HTTPMethod.standard.filter(\.isSafe) == [.get, .head, .options, .trace])
    }

    @Test func idempotentMethodsAreTheSafeOnesPutAndDelete() {
        #expect(HTTPMethod.standard.filter(\.isIdempotent) == [.get, .head, .put, .delete, .options, .trace])
    }

    @Test(arguments: ["M-SEARCH", "get", "QUERY", "CONNECT"])
    func aMethodThisTypeDoesNotKnowIsNeitherSafeNorIdempotent(_ token: String) throws {
        let method = try #require(HTTPMethod(rawValue: token))
        #expect(!method.isSafe && !method.isIdempotent)
    }
}
