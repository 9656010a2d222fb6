import Foundation
import HTTPClient

/// Readable sentences for the statuses the token API answers with, shared by both mappers.
enum StatusText {
    /// What went wrong, for example "The server rejected the access token (HTTP 401: access token expired)."
    static func problem(status: HTTPStatusCode, serverMessage: String?, subject: String) -> String {
        let code = serverMessage.map { "HTTP \(status): \($0)" } ?? "HTTP \(status)"
        return switch status {
        case 400: "The token server rejected \(subject) as invalid (\(code))."
        case 401: "The server rejected the access token (\(code))."
        case 403: "The server refused access to \(subject) (\(code))."
        case 404: "The token endpoint was not found (\(code))."
        case 408, 429, 500...599: "The token server is unavailable right now (\(code))."
        default: "The token server answered with an unexpected status (\(code))."
        }
    }

    /// What the person can do about `status`, or `nil` when there is nothing specific to say.
    static func suggestion(status: HTTPStatusCode) -> String? {
        switch status {
        case 400: "Check the token you are sending: it must be non-empty UTF-8 text."
        case 401: "Sign in again or configure a valid access token, then retry."
        case 403: "Use an access token that is allowed to read and update the token."
        case 404: "Check the server's base URL: it should point at the token server."
        case 408, 429, 500...599: "Wait a moment, then try again."
        default: nil
        }
    }
}
