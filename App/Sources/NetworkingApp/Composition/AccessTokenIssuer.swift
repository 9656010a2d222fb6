import Foundation
import HTTPClient

/// Obtains a fresh access token from the token API's issuing endpoint (`POST v1/auth/token`).
public struct AccessTokenIssuer: Sendable {
    /// Why no access token could be obtained.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The endpoint answered, but not with a usable token; the associated value says why.
        case invalidResponse(String)

        public var description: String {
            switch self {
            case .invalidResponse(let reason): "the token-issuing endpoint sent an unusable answer: \(reason)"
            }
        }
    }

    let client: any HTTPClient

    /// Creates an issuer that sends its requests through `client` (see ``HTTPClientFactory/tokenIssuingClient(baseURL:)``).
    public init(client: any HTTPClient) {
        self.client = client
    }

    /// Requests a new access token and returns it as an `Authorization` value (`"Bearer …"`).
    public func issue() async throws -> String {
        let (data, _) = try await client.load(request: IssueAccessTokenRequest())
        return try Self.authorization(from: data)
    }

    /// Reads `{"access_token": "…", "token_type": "Bearer", "expires_in": 300}`.
    static func authorization(from data: Data) throws(Error) -> String {
        struct Body: Decodable {
            let accessToken: String
            let tokenType: String?

            enum CodingKeys: String, CodingKey {
                case accessToken = "access_token"
                case tokenType = "token_type"
            }
        }
        guard let body = try? JSONDecoder().decode(Body.self, from: data) else {
            throw .invalidResponse("expected JSON with an access_token")
        }
        let token = body.accessToken.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, !token.contains(where: \.isNewline) else {
            throw .invalidResponse("the access_token is empty or spans lines")
        }
        guard body.tokenType.map({ $0.caseInsensitiveCompare("Bearer") == .orderedSame }) ?? true else {
            throw .invalidResponse("unsupported token_type \(body.tokenType ?? "")")
        }
        return "Bearer \(token)"
    }
}

/// `POST v1/auth/token`. Safe to repeat: issuing a fresh token twice is harmless, so retry may send it again
/// after a `503` or a dropped connection.
struct IssueAccessTokenRequest: HTTPRequest {
    var method: HTTPMethod { .post }
    var isSafeToRepeat: Bool { true }
    var path: HTTPPath { "auth/token" }
    var version: HTTPVersion { "v1" }
    var headers: HTTPHeaders? { ["Accept": "application/json"] }
}
