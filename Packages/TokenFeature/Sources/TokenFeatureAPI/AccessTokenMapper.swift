import Foundation
import HTTPClient

/// Turns the response of ``AccessTokenAPI/issue`` into an `Authorization` value (`"Bearer …"`).
public enum AccessTokenMapper {
    /// Why a response holds no usable access token.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300`.
        case unexpectedStatus(HTTPStatusCode)
        /// The body is not JSON with an `access_token` string.
        case invalidJSON
        /// The `access_token` is empty or spans lines.
        case invalidToken
        /// The `token_type` is not `Bearer`.
        case unsupportedTokenType(String)
    }

    /// The `Authorization` value for the token in
    /// `{"access_token": "…", "token_type": "Bearer", "expires_in": 300}`; a missing `token_type` means `Bearer`,
    /// and blanks around the token are dropped.
    /// - Throws: ``Error`` for a non-2xx status or a body without a usable bearer token.
    public static func map(data: Data, response: HTTPResponse) throws -> String {
        guard response.isSuccess else { throw Error.unexpectedStatus(response.statusCode) }
        guard let body = try? JSONDecoder().decode(AccessTokenDTO.self, from: data) else { throw Error.invalidJSON }
        let token = body.accessToken.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, !token.contains(where: \.isNewline) else { throw Error.invalidToken }
        guard body.tokenType.map({ $0.caseInsensitiveCompare("Bearer") == .orderedSame }) ?? true else {
            throw Error.unsupportedTokenType(body.tokenType ?? "")
        }
        return "Bearer \(token)"
    }
}

/// The issuing endpoint's answer, as sent.
private struct AccessTokenDTO: Decodable {
    let accessToken: String
    let tokenType: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
    }
}

extension AccessTokenMapper.Error: CustomStringConvertible {
    public var description: String {
        let reason =
            switch self {
            case .unexpectedStatus(let status): "HTTP \(status)"
            case .invalidJSON: "expected JSON with an access_token"
            case .invalidToken: "the access_token is empty or spans lines"
            case .unsupportedTokenType(let type): "unsupported token_type \(type)"
            }
        return "the token-issuing endpoint sent an unusable answer: \(reason)"
    }
}
