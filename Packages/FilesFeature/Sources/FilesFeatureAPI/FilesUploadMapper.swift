import FilesFeature
import Foundation
import HTTPClient

/// Turns the response of ``FilesAPI/upload(contentType:)`` into the `RemoteFile` values the server stored.
public enum FilesUploadMapper {
    /// The most bytes of an upload's answer worth reading: a list of names and digests.
    public static let maximumResponseSize = 1024 * 1024

    /// Why the server stored nothing, or its answer cannot be read.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300`; `serverMessage` is the server's `error` text, if any.
        case unexpectedStatus(HTTPStatusCode, serverMessage: String?)
        /// The body is not `{"files": [{"name", "size", "sha256"}]}`; `reason` says where it differs.
        case invalidJSON(reason: String)
        /// A resumable upload completed, but the listing holds no file under its `name`.
        case notListed(name: String)
    }

    /// The stored files of a successful (typically `201 Created`) response, in form order.
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

extension FilesUploadMapper.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedStatus(let status, let serverMessage):
            FilesStatusText.problem(status: status, serverMessage: serverMessage, action: "store the upload")
        case .invalidJSON(let reason):
            "The upload's answer is not the expected JSON (\(reason))."
        case .notListed(let name):
            "The upload of '\(name)' completed, but the Files API does not list it."
        }
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .unexpectedStatus(let status, _): FilesStatusText.suggestion(status: status)
        case .invalidJSON, .notListed: "Check that the base URL points at the Files API."
        }
    }
}
