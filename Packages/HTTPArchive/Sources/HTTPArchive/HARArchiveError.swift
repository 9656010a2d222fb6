import Foundation

/// Why an archive could not be read or written; every case names the file or the place in the document.
public enum HARArchiveError: Error, Equatable, Sendable {
    /// The file could not be read.
    case cannotRead(path: String, reason: String)
    /// The file could not be written.
    case cannotWrite(path: String, reason: String)
    /// The data is not JSON.
    case notJSON(reason: String)
    /// The data is JSON but not a HAR document (no `log.entries`, or an entry without request or response).
    case notHAR(reason: String)
    /// An entry is HAR but unusable, for example a base64 body that does not decode.
    case invalidEntry(index: Int, reason: String)
}

extension HARArchiveError: CustomStringConvertible {
    /// A one-line description naming the file or entry and what is wrong.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "Cannot read the archive \(path): \(reason)"
        case .cannotWrite(let path, let reason): "Cannot write the archive \(path): \(reason)"
        case .notJSON(let reason): "Not a HAR archive: the file is not JSON (\(reason))"
        case .notHAR(let reason): "Not a HAR archive: \(reason)"
        case .invalidEntry(let index, let reason): "Unusable HAR entry \(index): \(reason)"
        }
    }
}

extension HARArchiveError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
