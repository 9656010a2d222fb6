import Foundation

/// Why `files upload` cannot do what its options ask, found before any byte is sent.
enum UploadCommandError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// `--protocol draft|tus` or `--cancel` needs the records in the cache directory, which cannot be used
    /// (`reason`, or `nil` when the tool keeps no records at all).
    case recordsUnavailable(reason: String?)
    /// `--cancel --protocol multipart`: a multipart upload leaves nothing to cancel.
    case multipartCannotBeCancelled

    /// The sentence.
    var description: String {
        switch self {
        case .recordsUnavailable(let reason?):
            "Resumable uploads keep their records in the cache directory, which cannot be used: \(reason)"
        case .recordsUnavailable(nil): "Resumable uploads are not available"
        case .multipartCannotBeCancelled: "--cancel applies to resumable uploads; a multipart upload leaves none"
        }
    }

    /// The same sentence, for `LocalizedError`.
    var errorDescription: String? { description }

    /// What to do about it.
    var recoverySuggestion: String? {
        switch self {
        case .recordsUnavailable: "Set NETWORKING_CACHE_DIR to a folder you can write, or use --protocol multipart."
        case .multipartCannotBeCancelled: "Leave out --protocol multipart."
        }
    }
}
