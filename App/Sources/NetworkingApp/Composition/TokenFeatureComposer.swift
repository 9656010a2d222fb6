import Foundation
import HTTPClient
import TokenFeature
import TokenFeatureAPI

/// Wires the token feature: its closures are the token API's endpoints, sent through the authenticated
/// chain and mapped by the feature's mappers.
struct TokenFeatureComposer {
    /// No access token was configured; the refreshing chain then asks the server for one.
    struct NoAccessTokenConfigured: Error, CustomStringConvertible {
        var description: String { "NETWORKING_ACCESS_TOKEN is not set" }
    }

    let loadToken: TokenViewModel.LoadToken
    let updateToken: TokenViewModel.UpdateToken

    init(settings: Settings, factory: HTTPClientFactory) throws {
        let issuer = AccessTokenIssuer(client: try factory.tokenIssuingClient(baseURL: settings.tokenBaseURL))
        let initialToken = settings.accessToken
        let client = try factory.tokenClient(
            baseURL: settings.tokenBaseURL,
            accessToken: {
                guard let initialToken else { throw NoAccessTokenConfigured() }
                return "Bearer \(initialToken)"
            },
            refreshAccessToken: { try await issuer.issue() }
        )
        loadToken = {
            let (data, response) = try await client.load(request: TokenAPI.token)
            return try TokenMapper.map(data: data, response: response)
        }
        updateToken = { newToken in
            let (data, response) = try await client.load(request: TokenAPI.update(token: newToken))
            try TokenUpdateMapper.map(data: data, response: response)
        }
    }
}
