import Foundation
import HTTPClient
import HTTPReplay
import Testing
import TokenFeature
import TokenFeatureAPI

/// Endpoints, mappers and the view model over the dev server's recorded answers in `Archives/token.har`
/// (recorded by the root package's `ReplayRecordingTests`: `NETWORKING_REPLAY=record swift test --filter
/// '^ReplayRecordingTests\.'`): an access token, the stored token, an update, and the token read again.
struct TokenReplayTests {
    @Test(.replaying("Archives/token.har"))
    func theViewModelReadsUpdatesAndReadsAgainAsTheServerAnswered() async throws {
        let viewModel = makeSUT(Replay.client)

        let loaded = await collect(viewModel.load())
        let updated = await collect(viewModel.update(to: "replayed-token"))
        let reloaded = await collect(viewModel.load())

        #expect(loaded.last == .loaded(token: "initial-token"))
        #expect(updated.last == .updated(token: "replayed-token"))
        #expect(reloaded.last == .loaded(token: "replayed-token"))
    }

    @Test(.replaying("Archives/token.har"))
    func theIssuedAccessTokenWasRedactedWhenRecorded() async throws {
        let (data, response) = try await Replay.client.load(request: AccessTokenAPI.issue)

        #expect(try AccessTokenMapper.map(data: data, response: response) == "Bearer [redacted]")
    }

    private func makeSUT(_ client: any HTTPClient) -> TokenViewModel {
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
