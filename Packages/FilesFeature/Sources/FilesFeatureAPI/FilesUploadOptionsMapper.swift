import FilesFeature
import Foundation
import HTTPClient
import HTTPTransfers

/// Turns the answer to ``FilesAPI/uploadOptions`` into the resumable protocols the Files API offers.
///
/// tus 1.0 is offered when a 2xx answer lists `1.0.0` in `Tus-Version` and `creation` in `Tus-Extension`. The
/// draft of Resumable Uploads for HTTP defines no such question, so it is never found this way.
public enum FilesUploadOptionsMapper {
    /// The protocols offered, preferred first: empty for a 2xx answer without the tus fields, and for a `404`,
    /// `405` or `501` (no such endpoint).
    /// - Throws: ``FilesUploadMapper/Error/unexpectedStatus(_:serverMessage:)`` for another status.
    public static func map(data: Data, response: HTTPResponse) throws -> [ResumableFileProtocol] {
        guard response.isSuccess else {
            if [404, 405, 501].contains(response.statusCode) { return [] }
            throw FilesUploadMapper.Error.unexpectedStatus(
                response.statusCode, serverMessage: FilesServerMessage.text(in: data))
        }
        let versions = listed(response.headers?["Tus-Version"])
        let extensions = listed(response.headers?["Tus-Extension"])
        return versions.contains(ResumableUploadProtocol.tusVersion) && extensions.contains("creation") ? [.tus] : []
    }

    /// The comma-separated items of `value`, trimmed.
    private static func listed(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
