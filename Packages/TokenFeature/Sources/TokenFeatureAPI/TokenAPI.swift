import Foundation
import HTTPClient

/// The token API's endpoints (`v1/token`).
///
/// - ``token``: `GET v1/token`, answered with the token as `text/plain`.
/// - ``update(token:)``: `POST v1/token` with the new token as the UTF-8 body.
public enum TokenAPI: HTTPRequest {
    /// Reads the stored token.
    case token
    /// Stores `token` on the server.
    case update(token: String)

    public var method: HTTPMethod {
        switch self {
        case .token: .get
        case .update: .post
        }
    }

    public var path: HTTPPath { "token" }

    public var version: HTTPVersion { "v1" }

    public var headers: HTTPHeaders? {
        switch self {
        case .token: ["Accept": "text/plain"]
        case .update: ["Content-Type": "text/plain; charset=utf-8"]
        }
    }

    public var body: Data? {
        switch self {
        case .token: nil
        case .update(let token): Data(token.utf8)
        }
    }
}
