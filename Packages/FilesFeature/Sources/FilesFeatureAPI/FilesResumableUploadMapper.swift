import FilesFeature
import Foundation
import HTTPClient

/// Turns the answer that completed a resumable upload (``FilesAPI/resumableUpload(_:)``) into the file the
/// server stored, when that answer says.
///
/// The draft's last append is answered with `{"files": [{"name", "size", "sha256"}]}`; a tus append, or an
/// upload that was already complete, has no body: then the listing (``FilesListMapper``) says what was stored.
public enum FilesResumableUploadMapper {
    /// The stored file of a non-empty answer, or `nil` for an empty one.
    /// - Throws: ``FilesUploadMapper/Error`` for a non-2xx status or a body that is not the expected JSON.
    public static func map(data: Data, response: HTTPResponse) throws -> RemoteFile? {
        guard !data.isEmpty || !response.isSuccess else { return nil }
        let files = try FilesUploadMapper.map(data: data, response: response)
        guard let file = files.first else { throw FilesUploadMapper.Error.invalidJSON(reason: "no stored file") }
        return file
    }
}
