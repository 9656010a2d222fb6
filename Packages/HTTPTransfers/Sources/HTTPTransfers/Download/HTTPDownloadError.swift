import Foundation
import HTTPClient

/// Why ``HTTPClient/HTTPClient/download(request:to:progress:)`` produced no file.
public enum HTTPDownloadError: Error, Sendable {
    /// The body's size disagreed with the response's `Content-Length` or `Content-Range`.
    case lengthMismatch(expected: Int64, received: Int64)
    /// The server answered `206 Partial Content` to a request that asked for no range.
    case unexpectedPartialContent
    /// The file's digest differs from the one the server stated (`Repr-Digest`, `Content-Digest`) or the
    /// caller expected; both in lowercase hexadecimal. The partial file is discarded.
    case digestMismatch(algorithm: HTTPDigest.Algorithm, expected: String, actual: String)
    /// A file beside the destination could not be written, or the finished file could not be moved into place.
    case fileSystem(path: String, underlying: any Error)
    /// Another download to `destination` holds its lock file (``HTTPDownload/lockFile(for:)``): this one
    /// stopped at once, touching neither the partial file nor its record. `holder` is the process ID the other
    /// download wrote into the lock file, when it could be read.
    case destinationInUse(destination: String, lockFile: String, holder: Int32?)
    /// The partial file at `path` is no longer the file this download wrote (another program removed or
    /// replaced it): nothing is moved into place, and the file now at `path` is left alone.
    case partialFileReplaced(path: String)
}

extension HTTPDownloadError: CustomStringConvertible {
    /// A one-line description naming the failure and its cause.
    public var description: String {
        switch self {
        case .lengthMismatch(let expected, let received):
            "The download should have \(expected) bytes but has \(received)"
        case .unexpectedPartialContent:
            "The server sent part of the file (206) when the whole file was asked for"
        case .digestMismatch(let algorithm, let expected, let actual):
            "The downloaded file has the \(algorithm.rawValue) \(actual), not \(expected): the file is discarded"
        case .fileSystem(let path, let underlying):
            "Could not write \(path) (\(underlying))"
        case .destinationInUse(let destination, let lockFile, let holder):
            "Another download is writing \(destination) (\(holder.map { "process \($0)" } ?? "a process") holds "
                + "\(lockFile)): this one stopped without touching it"
        case .partialFileReplaced(let path):
            "The partial file \(path) was removed or replaced by another program while the download wrote it"
        }
    }
}

extension HTTPDownloadError: LocalizedError {
    public var errorDescription: String? { description }
}
