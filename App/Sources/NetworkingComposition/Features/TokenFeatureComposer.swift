import Foundation
import HTTPClient
import TokenFeature
import TokenFeatureAPI

/// Wires the token feature: its closures are the token API's endpoints, sent through the authenticated
/// chain and mapped by the feature's mappers.
package struct TokenFeatureComposer {
    /// Reads the stored token.
    package let loadToken: TokenViewModel.LoadToken
    /// Replaces the stored token.
    package let updateToken: TokenViewModel.UpdateToken

    /// The token API of `settings`, through `factory`'s token chain.
    package init(settings: Settings, factory: HTTPClientFactory) throws {
        let token = try AccessTokenSource(settings: settings, factory: factory)
        let client = try factory.tokenClient(
            baseURL: settings.tokenBaseURL, accessToken: token.stored, refreshAccessToken: token.refresh)
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
