import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import TokenFeature
import TokenFeatureAPI

/// Endpoint + mapper + view model wired the way the composition root does it, against a scripted client.
@Suite struct TokenWiringTests {
    @Test func loadSendsTheTokenRequestAndShowsTheToken() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200, body: "initial-token\n")])

        let states = await collect(makeSUT(client).load())

        #expect(states == [.loading, .loaded(token: "initial-token")])
        #expect(await client.requests == [HTTPRequestSnapshot(TokenAPI.token)])
    }

    @Test func unauthorizedShowsAnActionableMessage() async throws {
        let client = ScriptedHTTPClient(replies: [.status(401, body: "access token expired")])

        let states = await collect(makeSUT(client).load())

        #expect(
            states.last
                == .failed(
                    message: """
                        Could not load the token: The server rejected the access token (HTTP 401: access token expired).
                        Sign in again or configure a valid access token, then retry.
                        """))
    }

    @Test func connectionFailureSaysToCheckTheServer() async throws {
        let client = ScriptedHTTPClient(replies: [
            .failure(HTTPTransportError.cannotConnect(underlying: TestFailure("Connection refused")))
        ])

        let states = await collect(makeSUT(client).load())

        guard case .failed(let message, _) = states.last else {
            Issue.record("expected a failure, got \(states)")
            return
        }
        #expect(message.hasPrefix("Could not load the token: Could not connect to the server (Connection refused)\n"))
        #expect(message.contains("Check that the token server is running and reachable"))
    }

    @Test func updatePostsTheTokenAndAccepts204() async throws {
        let client = ScriptedHTTPClient(replies: [.status(204)])

        let states = await collect(makeSUT(client).update(to: "new-token"))

        #expect(states == [.updating, .updated(token: "new-token")])
        #expect(await client.requests == [HTTPRequestSnapshot(TokenAPI.update(token: "new-token"))])
    }

    private func makeSUT(_ client: some HTTPClient) -> TokenViewModel {
        TokenViewModel(
            loadToken: {
                let (data, response) = try await client.load(request: TokenAPI.token)
                return try TokenMapper.map(data: data, response: response)
            },
            updateToken: { token in
                let (data, response) = try await client.load(request: TokenAPI.update(token: token))
                try TokenUpdateMapper.map(data: data, response: response)
            }
        )
    }

    private func collect(_ stream: AsyncStream<TokenViewState>) async -> [TokenViewState] {
        var states: [TokenViewState] = []
        for await state in stream { states.append(state) }
        return states
    }
}
