import Foundation
import HTTPClient

/// The token API's issuing endpoint: `POST v1/auth/token`, answered with a fresh access token as JSON.
///
/// Safe to repeat: issuing a fresh token twice is harmless, so a retrying client may send it again after a
/// `503` or a dropped connection.
public enum AccessTokenAPI: HTTPRequest {
    /// Asks for a new access token; map the response with ``AccessTokenMapper``.
    case issue

    public var method: HTTPMethod { .post }

    public var isSafeToRepeat: Bool { true }

    public var path: HTTPPath { "auth/token" }

    public var version: HTTPVersion { "v1" }

    public var headers: HTTPHeaders? { ["Accept": "application/json"] }
}
