import Foundation
import HTTPClient

/// Turns the error of `HTTPClient.download` for ``FilesAPI/file(name:)`` into one that reads well.
///
/// `download` throws `HTTPError.httpCode` for a non-2xx answer; this maps it to ``Error`` with the server's
/// message and passes every other error (transport, file system, cancellation) through unchanged.
public enum FilesDownloadMapper {
    /// Why the server sent no file.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300` (`404`: no such file); `serverMessage` is the server's `error`
        /// text, if any.
        case unexpectedStatus(HTTPStatusCode, serverMessage: String?)
    }

    /// ``Error`` for `HTTPError.httpCode`; `error` itself otherwise.
    public static func map(_ error: any Swift.Error) -> any Swift.Error {
        guard case HTTPError.httpCode(let status, let data)? = error as? HTTPError else { return error }
        return Error.unexpectedStatus(status, serverMessage: FilesServerMessage.text(in: data))
    }
}

extension FilesDownloadMapper.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedStatus(let status, let serverMessage):
            FilesStatusText.problem(status: status, serverMessage: serverMessage, action: "send the file")
        }
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .unexpectedStatus(let status, _): FilesStatusText.suggestion(status: status)
        }
    }
}
