import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPReplay
import Testing
import TokenFeatureAPI

/// Records `Packages/TokenFeature/Tests/TokenFeatureAPITests/Archives/token.har`: the requests the feature's
/// `TokenReplayTests` send, answered by the dev server, whose token API needs an access token. Plays it back in a
/// normal run.
@Suite(.devServer)
struct TokenArchiveRecording {
    @Test(
        .replaying(
            "../../Packages/TokenFeature/Tests/TokenFeatureAPITests/Archives/token.har",
            live: { try TokenArchiveRecording.signedTransport() }))
    func issueReadUpdateAndReadAgain() async throws {
        let client = Replay.client
        let issued = try await client.load(request: AccessTokenAPI.issue)
        let before = try await client.load(request: TokenAPI.token)
        let update = try await client.load(request: TokenAPI.update(token: "replayed-token"))
        let after = try await client.load(request: TokenAPI.token)

        #expect(try AccessTokenMapper.map(data: issued.0, response: issued.1).hasPrefix("Bearer "))
        #expect(try TokenMapper.map(data: before.0, response: before.1) == "initial-token")
        try TokenUpdateMapper.map(data: update.0, response: update.1)
        #expect(try TokenMapper.map(data: after.0, response: after.1) == "replayed-token")
    }

    /// The dev server's transport, signing each request with an access token it issues (below the recorder, so
    /// the archive holds the requests as the feature sends them).
    static func signedTransport() throws -> any HTTPClient {
        let transport = try DevServerTrait.transport()
        return transport.authenticated {
            let (data, response) = try await transport.load(request: AccessTokenAPI.issue)
            return try AccessTokenMapper.map(data: data, response: response)
        }
    }
}
