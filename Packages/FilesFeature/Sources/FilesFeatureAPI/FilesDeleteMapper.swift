import Foundation
import HTTPClient

/// Checks the response of ``FilesAPI/delete(name:)``: any 2xx (typically `204 No Content`) means deleted.
public enum FilesDeleteMapper {
    /// Why the file was not deleted.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300` (`404`: no such file); `serverMessage` is the server's `error`
        /// text, if any.
        case unexpectedStatus(HTTPStatusCode, serverMessage: String?)
    }

    /// Succeeds for a 2xx status, whatever the body.
    /// - Throws: ``Error/unexpectedStatus(_:serverMessage:)`` otherwise.
    public static func map(data: Data, response: HTTPResponse) throws {
        guard response.isSuccess else {
            throw Error.unexpectedStatus(response.statusCode, serverMessage: FilesServerMessage.text(in: data))
        }
    }
}

extension FilesDeleteMapper.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedStatus(let status, let serverMessage):
            FilesStatusText.problem(status: status, serverMessage: serverMessage, action: "delete the file")
        }
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .unexpectedStatus(let status, _): FilesStatusText.suggestion(status: status)
        }
    }
}
