import Foundation
import HTTPClient
import HTTPTransfers

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
    public enum Error: Swift.Error, Hashable, Sendable {
        /// There was no file to upload.
        case noFiles
        /// The Files API cannot store a file under `name`, for `reason`.
        case unstorableName(String, reason: NameProblem)
        /// Two files share `name`; the Files API stores one file per name.
        case duplicateName(String)
    }

    /// Why the Files API cannot store a file under a name.
    public enum NameProblem: Hashable, Sendable {
        /// The name is empty.
        case empty
        /// The name starts with a dot: `.`, `..` and hidden names.
        case startsWithDot
        /// The name holds a slash, a backslash, NUL or another control character.
        case forbiddenCharacter
        /// The name is longer than ``maximumNameBytes`` bytes of UTF-8.
        case tooLong
    }

    /// The longest name, in bytes of UTF-8, that the Files API stores.
    public static let maximumNameBytes = 255

    /// A form with one `file` part per URL, named after the URL's last path component and read from disk
    /// while it is sent (a replayable body of known length). Every name is checked before any file is opened.
    /// - Throws: ``Error/noFiles`` for an empty list, ``Error/unstorableName(_:reason:)`` or
    ///   ``Error/duplicateName(_:)`` for a name the Files API cannot store, or `HTTPBodyError` when a URL is not
    ///   a readable regular file.
    public static func make(files: [URL]) throws -> MultipartForm {
        try checkNames(files)
        var form = MultipartForm()
        for file in files {
            try form.append(name: "file", fileURL: file)
        }
        return form
    }

    /// Checks that the Files API can store each file under its last path component, once, without opening any.
    /// - Throws: ``Error/noFiles`` for an empty list, ``Error/unstorableName(_:reason:)`` or
    ///   ``Error/duplicateName(_:)``.
    public static func checkNames(_ files: [URL]) throws(Error) {
        guard !files.isEmpty else { throw Error.noFiles }
        var seen = Set<String>()
        for file in files {
            let name = file.lastPathComponent
            if let problem = problem(with: name) { throw Error.unstorableName(name, reason: problem) }
            guard seen.insert(name).inserted else { throw Error.duplicateName(name) }
        }
    }

    /// Why the Files API cannot store a file named `name`, or `nil` when it can.
    public static func problem(with name: String) -> NameProblem? {
        if name.isEmpty { return .empty }
        if name.hasPrefix(".") { return .startsWithDot }
        let forbidden = name.unicodeScalars.contains {
            $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
        }
        if forbidden { return .forbiddenCharacter }
        if name.utf8.count > maximumNameBytes { return .tooLong }
        return nil
    }
}

extension FilesUploadForm.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .noFiles: "There is no file to upload."
        case .unstorableName(let name, let reason): "The Files API cannot store a file named '\(name)': \(reason)."
        case .duplicateName(let name): "Two files are named '\(name)'; the Files API keeps one file per name."
        }
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .noFiles: nil
        case .unstorableName: "Copy the file under another name, then upload the copy."
        case .duplicateName: "Upload one of them, or copy one under another name."
        }
    }
}

extension FilesUploadForm.NameProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty: "the name is empty"
        case .startsWithDot: "the name starts with a dot"
        case .forbiddenCharacter: "the name holds a slash, a backslash, NUL or a control character"
        case .tooLong: "the name is longer than \(FilesUploadForm.maximumNameBytes) bytes"
        }
    }
}
