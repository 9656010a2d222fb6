import Foundation
import HTTPClient
import Testing
import TokenFeatureAPI

@testable import NetworkingApp
@testable import NetworkingComposition

/// Every closure of the token feature sends its ``TokenAPI`` request and maps the answer.
struct TokenFeatureComposerTests {
    @Test func loadTokenGetsTheTokenAsText() async throws {
        let spy = TransportSpy { _ in Replies.text("stored\n") }
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())

        #expect(try await sut.loadToken() == "stored")

        let request = try #require(await spy.server.requests.first)
        #expect(request.method == .get && request.version == "v1" && request.path == "token")
        #expect(request.headers?["Accept"] == "text/plain")
        #expect(request.body == nil)
        // Only the chain that sent a request made a transport; the token-issuing chain was never used.
        #expect(spy.baseURLs.values.map(\.absoluteString) == ["https://token.example.test"])
    }

    @Test func updateTokenPostsTheNewTokenAsTheBody() async throws {
        let spy = TransportSpy { _ in (Data(), HTTPResponse(statusCode: 204)) }
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())

        try await sut.updateToken("new-token")

        let request = try #require(await spy.server.requests.first)
        #expect(request.method == .post && request.version == "v1" && request.path == "token")
        #expect(request.headers?["Content-Type"] == "text/plain; charset=utf-8")
        #expect(request.body == Data("new-token".utf8))
    }

    @Test func aTokenRejectedAgainAfterTheRefreshIsMappedToTheFeaturesError() async throws {
        let spy = TransportSpy(tokenServer(accepting: "nobody"))
        let sut = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())

        await #expect(throws: TokenMapper.Error.unexpectedStatus(401, serverMessage: "access token expired")) {
            try await sut.loadToken()
        }
        #expect(await spy.sentLines == ["GET v1/token", "POST v1/auth/token", "GET v1/token"])
    }

    @Test func anUnusableIssuingAnswerIsReported() async throws {
        let spy = TransportSpy { request in
            request.path == "auth/token" ? Replies.json(#"{"token":"x"}"#) : Replies.unauthorized
        }
        let sut = try TokenFeatureComposer(settings: makeSettings(accessToken: nil), factory: spy.factory())

        let error = await #expect(throws: (any Error).self) { try await sut.loadToken() }

        #expect(error.map(FailureClassifier.status(for:)) == .invalidResponse)
    }
}
