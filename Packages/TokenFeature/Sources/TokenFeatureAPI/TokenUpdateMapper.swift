import Foundation
import HTTPClient

/// Checks the response of ``TokenAPI/update(token:)``: any 2xx (typically `204 No Content`) means stored.
public enum TokenUpdateMapper {
    /// Why the server did not store the token.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300`; `serverMessage` is the first line of a short text body, if any.
        case unexpectedStatus(HTTPStatusCode, serverMessage: String?)
    }

    /// Succeeds for a 2xx status, whatever the body.
    /// - Throws: ``Error/unexpectedStatus(_:serverMessage:)`` otherwise.
    public static func map(data: Data, response: HTTPResponse) throws {
        guard response.isSuccess else {
            throw Error.unexpectedStatus(response.statusCode, serverMessage: ServerMessage.firstLine(of: data))
        }
    }
}

extension TokenUpdateMapper.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedStatus(let status, let serverMessage):
            StatusText.problem(status: status, serverMessage: serverMessage, subject: "the new token")
        }
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .unexpectedStatus(let status, _): StatusText.suggestion(status: status)
        }
    }
}
