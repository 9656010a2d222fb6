import Foundation
import HTTPClient
import TokenFeatureAPI

/// Obtains a fresh access token: the token API's `AccessTokenAPI.issue` sent through a client, its answer
/// mapped by `AccessTokenMapper`.
public struct AccessTokenIssuer: Sendable {
    let client: any HTTPClient

    /// Creates an issuer that sends its requests through `client`
    /// (see ``HTTPClientFactory/tokenIssuingClient(baseURL:)``).
    public init(client: any HTTPClient) {
        self.client = client
    }

    /// Requests a new access token and returns it as an `Authorization` value (`"Bearer …"`).
    /// - Throws: What the client throws, or `AccessTokenMapper.Error` for an unusable answer.
    public func issue() async throws -> String {
        let (data, response) = try await client.load(request: AccessTokenAPI.issue)
        return try AccessTokenMapper.map(data: data, response: response)
    }
}
