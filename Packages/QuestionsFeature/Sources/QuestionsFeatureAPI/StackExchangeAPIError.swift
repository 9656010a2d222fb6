import Foundation

/// An error the Stack Exchange API reported in its wrapper object (`error_id`, `error_name`, `error_message`).
///
/// The API sends these with HTTP 400 (or 200 for JSONP calls); the mappers look for one before looking at
/// the status, so the API's own explanation is never lost behind a bare status code.
public struct StackExchangeAPIError: Error, Equatable, Sendable {
    /// The error's number, for example `502`.
    public let id: Int
    /// The error's name, for example `"throttle_violation"`.
    public let name: String
    /// The API's explanation, for example `"too many requests from this IP, more requests available in 30 seconds"`.
    public let message: String

    /// Creates an error.
    public init(id: Int, name: String, message: String) {
        self.id = id
        self.name = name
        self.message = message
    }

    /// Whether the API is throttling this client (`throttle_violation`).
    public var isThrottleViolation: Bool { name == "throttle_violation" }

    /// The seconds the message says to wait ("… available in 30 seconds"), if it names a positive number.
    public var retryAfterSeconds: Int? {
        let words = message.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." })
        guard let unit = words.lastIndex(where: { $0.hasPrefix("second") }), unit > words.startIndex,
            let seconds = Int(words[words.index(before: unit)]), seconds > 0
        else { return nil }
        return seconds
    }
}

extension StackExchangeAPIError: LocalizedError, CustomStringConvertible {
    public var description: String {
        "The Stack Exchange API refused the request: \(message) (\(name), error \(id))."
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch name {
        case "throttle_violation":
            retryAfterSeconds.map { "Wait \($0) seconds before trying again." } ?? "Wait a while before trying again."
        case "bad_parameter": "Check the request's parameters: site, tags, sort order, page size and page."
        case "no_method": "Check the question ID and the server's base URL."
        case "access_token_required", "invalid_access_token", "access_token_compromised", "access_denied":
            "Sign in again with a valid access token."
        case "key_required": "Configure an application key for the Stack Exchange API."
        case "internal_error", "temporarily_unavailable", "write_failed", "duplicate_request":
            "Wait a moment, then try again."
        default: nil
        }
    }
}
