import FilesFeature
import Foundation
import HTTPClient

/// Turns the response of ``FilesAPI/list`` into `RemoteFile` values.
public enum FilesListMapper {
    /// Why a response holds no list.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300`; `serverMessage` is the server's `error` text, if any.
        case unexpectedStatus(HTTPStatusCode, serverMessage: String?)
        /// The body is not `{"files": [{"name", "size", "sha256"}]}`; `reason` says where it differs.
        case invalidJSON(reason: String)
    }

    /// The files in a successful response, in the server's order.
    /// - Throws: ``Error`` for a non-2xx status or a body that is not the expected JSON.
    public static func map(data: Data, response: HTTPResponse) throws -> [RemoteFile] {
        guard response.isSuccess else {
            throw Error.unexpectedStatus(response.statusCode, serverMessage: FilesServerMessage.text(in: data))
        }
        do {
            return try FileListDTO.files(in: data)
        } catch {
            throw Error.invalidJSON(reason: String(describing: error))
        }
    }
}

extension FilesListMapper.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedStatus(let status, let serverMessage):
            FilesStatusText.problem(status: status, serverMessage: serverMessage, action: "list the files")
        case .invalidJSON(let reason):
            "The file list is not the expected JSON (\(reason))."
        }
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .unexpectedStatus(let status, _): FilesStatusText.suggestion(status: status)
        case .invalidJSON: "Check that the base URL points at the Files API."
        }
    }
}
