import Foundation

/// Why `files download` will not write where it was asked to, found before any byte is fetched.
enum DownloadTargetError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// `NAME` ends in no usable file name (`..`, `.`, a `/`), so it needs `--output`.
    case noFileName(name: String)
    /// The folder the file would go in does not exist.
    case missingFolder(path: String)
    /// The file exists and the user may not write it.
    case readOnly(path: String)
    /// The path names a socket or a block device, or a folder inside the folder asked for.
    case notAFile(path: String)
    /// The path could not be examined.
    case cannotInspect(path: String, reason: String)

    /// The sentence, naming the path.
    var description: String {
        switch self {
        case .noFileName(let name): "\(name) has no file name to save it under"
        case .missingFolder(let path): "Could not write into \(path): the folder does not exist"
        case .readOnly(let path): "Could not write \(path): it is read-only"
        case .notAFile(let path): "Could not write \(path): it is not a file, a folder, a FIFO or a character device"
        case .cannotInspect(let path, let reason): "Could not write \(path): \(reason)"
        }
    }

    /// The same sentence, for `LocalizedError`.
    var errorDescription: String? { description }

    /// What to do about it.
    var recoverySuggestion: String? {
        switch self {
        case .noFileName: "Choose where it goes with --output PATH."
        case .missingFolder: "Create the folder first, or choose another path."
        case .readOnly: "Make it writable, or choose another path with --output."
        case .notAFile, .cannotInspect: "Choose another path with --output."
        }
    }
}
