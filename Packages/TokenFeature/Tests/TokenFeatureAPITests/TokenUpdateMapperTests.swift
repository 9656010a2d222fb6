import Foundation
import HTTPClient
import Testing
import TokenFeatureAPI

@Suite struct TokenUpdateMapperTests {
    @Test(arguments: [200, 201, 204])
    func succeedsFor2xx(status: Int) throws {
        try TokenUpdateMapper.map(data: Data(), response: HTTPResponse(statusCode: status))
    }

    @Test func failsWithTheStatusAndTheServersReason() {
        let body = Data("empty body: send the new token as the request body".utf8)

        #expect(
            throws: TokenUpdateMapper.Error.unexpectedStatus(
                400, serverMessage: "empty body: send the new token as the request body")
        ) {
            try TokenUpdateMapper.map(data: body, response: HTTPResponse(statusCode: 400))
        }
    }

    @Test func errorReadsWell() {
        let error = TokenUpdateMapper.Error.unexpectedStatus(400, serverMessage: "body is not valid UTF-8")

        #expect(
            error.localizedDescription
                == "The token server rejected the new token as invalid (HTTP 400: body is not valid UTF-8).")
        #expect(error.recoverySuggestion == "Check the token you are sending: it must be non-empty UTF-8 text.")
    }
}
