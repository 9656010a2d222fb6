import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import TokenFeatureAPI

@Suite struct AccessTokenMapperTests {
    @Test(arguments: [
        (#"{"access_token":"abc","token_type":"Bearer","expires_in":300}"#, "Bearer abc"),
        (#"{"access_token":" abc ","token_type":"bearer"}"#, "Bearer abc"),
        (#"{"access_token":"abc"}"#, "Bearer abc"),
    ])
    func mapsTheTokenToAnAuthorizationValue(body: String, authorization: String) throws {
        #expect(try AccessTokenMapper.map(data: Data(body.utf8), response: ok) == authorization)
    }

    @Test(arguments: [
        (#"{"token":"abc"}"#, AccessTokenMapper.Error.invalidJSON),
        ("abc", .invalidJSON),
        ("", .invalidJSON),
        (#"{"access_token":42}"#, .invalidJSON),
        (#"{"access_token":"  "}"#, .invalidToken),
        (#"{"access_token":"a\nb"}"#, .invalidToken),
        (#"{"access_token":"abc","token_type":"MAC"}"#, .unsupportedTokenType("MAC")),
    ])
    func failsWithoutAUsableBearerToken(body: String, error: AccessTokenMapper.Error) {
        #expect(throws: error) { try AccessTokenMapper.map(data: Data(body.utf8), response: ok) }
    }

    @Test(arguments: [301, 400, 401, 500, 503])
    func failsWithTheStatusOutside2xxWhateverTheBody(status: Int) {
        let body = Data(#"{"access_token":"abc"}"#.utf8)

        #expect(throws: AccessTokenMapper.Error.unexpectedStatus(status)) {
            try AccessTokenMapper.map(data: body, response: HTTPResponse(statusCode: status))
        }
    }

    @Test func errorsSayWhatWasWrongWithTheAnswer() {
        #expect(
            AccessTokenMapper.Error.invalidJSON.description
                == "the token-issuing endpoint sent an unusable answer: expected JSON with an access_token")
        #expect(
            AccessTokenMapper.Error.unsupportedTokenType("MAC").description
                == "the token-issuing endpoint sent an unusable answer: unsupported token_type MAC")
    }

    @Test func wiredThroughAClientItSendsTheIssueRequestAndMapsTheAnswer() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200, body: #"{"access_token":"fresh","expires_in":300}"#)])

        let (data, response) = try await client.load(request: AccessTokenAPI.issue)

        #expect(try AccessTokenMapper.map(data: data, response: response) == "Bearer fresh")
        #expect(await client.requests == [HTTPRequestSnapshot(AccessTokenAPI.issue)])
    }

    private var ok: HTTPResponse { HTTPResponse(statusCode: 200) }
}
