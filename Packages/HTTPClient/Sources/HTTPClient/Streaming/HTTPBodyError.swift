import Foundation

/// Why an ``HTTPBody`` could not be made or read.
public enum HTTPBodyError: Error, Sendable {
    /// A single-pass body was read a second time: its bytes went to the first reader.
    case alreadyRead
    /// The body yielded a different number of bytes than its ``HTTPBodyLength/known(_:)`` length;
    /// `received` is the count when the difference showed (past `expected`, or short of it at the end).
    case lengthMismatch(expected: Int64, received: Int64)
    /// ``HTTPBody/collect(upTo:)`` (or a client holding the body in memory) met more than `limit` bytes.
    case tooLarge(limit: Int)
    /// The file at `path` is not a regular file (a directory or a device, say).
    case notARegularFile(path: String)
    /// The file at `path` could not be opened or read; `underlying` is the file system's error.
    case unreadableFile(path: String, underlying: any Error)
    /// The file at `path` changed size or modification date while it was read, so the bytes read are not one
    /// version of it.
    case fileChanged(path: String)
}

extension HTTPBodyError: CustomStringConvertible {
    /// A one-line description naming the failure and its cause.
    public var description: String {
        switch self {
        case .alreadyRead:
            "The single-pass body was already read; only a replayable body can be read again"
        case .lengthMismatch(let expected, let received):
            "The body's length was \(expected) bytes but \(received) bytes arrived"
        case .tooLarge(let limit):
            "The body is larger than the limit of \(limit) bytes"
        case .notARegularFile(let path):
            "Not a regular file: \(path)"
        case .unreadableFile(let path, let underlying):
            "Could not read \(path) (\(CauseDescription.text(of: underlying)))"
        case .fileChanged(let path):
            "\(path) changed while it was read"
        }
    }
}

extension HTTPBodyError: LocalizedError {
    public var errorDescription: String? { description }
}
