import Foundation
import HTTPClient

/// Where the chains signed with the token API's bearer access token get it: `NETWORKING_ACCESS_TOKEN` at first,
/// then, when it is missing or answered with 401, a fresh one from the token API's issuing endpoint (through
/// ``AccessTokenIssuer``). The token and Files chains both take theirs from here.
package struct AccessTokenSource: Sendable {
    /// No access token was configured; the refreshing chain then asks the server for one.
    package struct NotConfigured: Error, CustomStringConvertible {
        package var description: String { "NETWORKING_ACCESS_TOKEN is not set" }
    }

    /// The configured token as an `Authorization` value (`"Bearer …"`).
    /// - Throws: ``NotConfigured`` when there is none.
    let stored: @Sendable () async throws -> String
    /// A fresh token from the token API, as an `Authorization` value.
    let refresh: @Sendable () async throws -> String

    /// The token of `settings`, refreshed through `factory`'s token-issuing chain to `settings.tokenBaseURL`.
    init(settings: Settings, factory: HTTPClientFactory) throws {
        let issuer = AccessTokenIssuer(client: try factory.tokenIssuingClient(baseURL: settings.tokenBaseURL))
        let initialToken = settings.accessToken
        stored = {
            guard let initialToken else { throw NotConfigured() }
            return "Bearer \(initialToken)"
        }
        refresh = { try await issuer.issue() }
    }
}
