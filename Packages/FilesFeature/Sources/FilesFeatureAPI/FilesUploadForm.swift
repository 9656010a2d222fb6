import Foundation
import HTTPClient

/// Builds the `multipart/form-data` body of ``FilesAPI/upload(contentType:)``.
///
/// ```swift
/// let form = try FilesUploadForm.make(files: urls)
/// let stored = try await client.stream(
///     request: FilesAPI.upload(contentType: form.contentType), body: form.makeBody(), progress: nil
/// ) { response, body in
///     try FilesUploadMapper.map(
///         data: try await body.collect(upTo: FilesUploadMapper.maximumResponseSize), response: response)
/// }
/// ```
public enum FilesUploadForm {
    /// Why no form was made.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// There was no file to upload.
        case noFiles
    }

    /// A form with one `file` part per URL, named after the URL's last path component and read from disk
    /// while it is sent (a replayable body of known length).
    /// - Throws: ``Error/noFiles`` for an empty list, or `HTTPBodyError` when a URL is not a readable
    ///   regular file.
    public static func make(files: [URL]) throws -> MultipartForm {
        guard !files.isEmpty else { throw Error.noFiles }
        var form = MultipartForm()
        for file in files {
            try form.append(name: "file", fileURL: file)
        }
        return form
    }
}

extension FilesUploadForm.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .noFiles: "There is no file to upload."
        }
    }

    public var errorDescription: String? { description }
}
