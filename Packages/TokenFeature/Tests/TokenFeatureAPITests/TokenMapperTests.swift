import Foundation
import HTTPClient
import Testing
import TokenFeatureAPI

@Suite struct TokenMapperTests {
    @Test(arguments: [200, 201, 203, 299])
    func mapsTheBodyOfAnySuccessStatus(status: Int) throws {
        #expect(try TokenMapper.map(data: Data("abc".utf8), response: HTTPResponse(statusCode: status)) == "abc")
    }

    @Test(arguments: [
        ("token\n", "token"),
        ("token\r\n", "token"),
        ("token\n\n", "token\n"),
        ("token\r\n\r\n", "token\r\n"),
        ("token\r", "token\r"),
        (" token ", " token "),
        ("multi\nline", "multi\nline"),
        ("Jörg ✓ 🔑", "Jörg ✓ 🔑"),
    ])
    func trimsExactlyOneTrailingNewline(body: String, token: String) throws {
        #expect(try TokenMapper.map(data: Data(body.utf8), response: ok) == token)
    }

    @Test(arguments: [199, 304, 301, 400, 401, 403, 404, 500, 503])
    func failsWithTheStatusOutside2xx(status: Int) {
        #expect(throws: TokenMapper.Error.unexpectedStatus(status, serverMessage: "nope")) {
            try TokenMapper.map(data: Data("nope\nmore".utf8), response: HTTPResponse(statusCode: status))
        }
    }

    @Test func statusIsCheckedBeforeTheBody() {
        #expect(throws: TokenMapper.Error.unexpectedStatus(500, serverMessage: nil)) {
            try TokenMapper.map(data: Data([0xFF, 0xFE]), response: HTTPResponse(statusCode: 500))
        }
    }

    @Test(
        arguments: [
            [0xFF],
            [0x61, 0xC3],  // truncated two-byte sequence
            [0xED, 0xA0, 0x80],  // encoded surrogate
            [0xC0, 0xAF],  // overlong "/"
            [0x61, 0x80, 0x62],  // lone continuation byte
            [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
        ] as [[UInt8]])
    func rejectsInvalidUTF8InsteadOfReplacingIt(bytes: [UInt8]) {
        #expect(throws: TokenMapper.Error.invalidUTF8) {
            try TokenMapper.map(data: Data(bytes), response: ok)
        }
    }

    @Test(arguments: ["", "\n", "\r\n"])
    func rejectsAnEmptyToken(body: String) {
        #expect(throws: TokenMapper.Error.emptyToken) {
            try TokenMapper.map(data: Data(body.utf8), response: ok)
        }
    }

    @Test func errorsReadWellAndSuggestWhatToDo() {
        let unauthorized = TokenMapper.Error.unexpectedStatus(401, serverMessage: "access token expired")

        #expect(
            unauthorized.localizedDescription
                == "The server rejected the access token (HTTP 401: access token expired).")
        #expect(unauthorized.recoverySuggestion == "Sign in again or configure a valid access token, then retry.")
        #expect(
            TokenMapper.Error.unexpectedStatus(503, serverMessage: nil).description
                == "The token server is unavailable right now (HTTP 503).")
        #expect(
            TokenMapper.Error.invalidUTF8.description == "The token server sent a token that is not valid UTF-8 text.")
        #expect(TokenMapper.Error.emptyToken.description == "The token server sent an empty token.")
    }

    @Test func keepsOnlyAShortFirstLineOfTheErrorBody() throws {
        let long = String(repeating: "x", count: 300)

        #expect(
            throws: TokenMapper.Error.unexpectedStatus(401, serverMessage: String(repeating: "x", count: 200) + "…")
        ) {
            try TokenMapper.map(data: Data(long.utf8), response: HTTPResponse(statusCode: 401))
        }
        #expect(throws: TokenMapper.Error.unexpectedStatus(401, serverMessage: nil)) {
            try TokenMapper.map(
                data: Data(String(repeating: "y", count: 5000).utf8), response: HTTPResponse(statusCode: 401))
        }
        #expect(throws: TokenMapper.Error.unexpectedStatus(401, serverMessage: nil)) {
            try TokenMapper.map(data: Data("  \n".utf8), response: HTTPResponse(statusCode: 401))
        }
    }

    private let ok = HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/plain; charset=utf-8"])
}
