import Foundation
import HTTPClient

/// Why ``HTTPClient/HTTPClient/uploadResumably(_:to:using:records:progress:)`` could not finish an upload.
public enum ResumableUploadError: Error, Sendable {
    /// The endpoint's answer to the creation request shows it does not speak the protocol (no upload URL, no
    /// `Tus-Resumable`, or a `404`, `405`, `412`, `415` or `501`).
    case protocolNotSupported(ResumableUploadProtocol, statusCode: HTTPStatusCode)
    /// The server's offset is below one it confirmed earlier: bytes it had accepted are gone. The record is
    /// removed, so the next call starts a new upload.
    case offsetMovedBackwards(confirmed: Int64, server: Int64)
    /// The server's offset is past the end of the file, or its offset header is missing or malformed.
    case invalidOffset(String?)
    /// The upload was gone (`404` or `410` to an offset request or append, and for tus also `403`) once more
    /// after starting over once.
    case uploadExpired(statusCode: HTTPStatusCode)
    /// The file is larger than a limit the server states (`Upload-Limit: max-size`, or a `413`); `limit` is
    /// `nil` when the server did not name it.
    case limitExceeded(limit: Int64?, fileSize: Int64)
    /// The creation response named an upload URL on another origin than the creation request's, or outside
    /// the client's base URL, which follow-up requests cannot address.
    case uploadURLNotAddressable(String)
    /// The upload stopped making progress: this many appends in a row failed without the server's offset
    /// moving; `underlying` is the last failure.
    case stalled(attempts: Int, underlying: any Error)
    /// The file or a record could not be read or written.
    case fileSystem(path: String, underlying: any Error)
}

extension ResumableUploadError: CustomStringConvertible {
    /// A one-line description naming the failure and its cause.
    public var description: String {
        switch self {
        case .protocolNotSupported(let uploadProtocol, let statusCode):
            "The server does not support \(uploadProtocol.recordName) resumable uploads (HTTP \(statusCode))"
        case .offsetMovedBackwards(let confirmed, let server):
            "The server's upload offset moved backwards from \(confirmed) to \(server): the upload starts over"
        case .invalidOffset(let value):
            "The server's upload offset \(value.map { "\"\($0)\"" } ?? "(missing)") is not valid for this file"
        case .uploadExpired(let statusCode):
            "The upload expired again after starting over (HTTP \(statusCode))"
        case .limitExceeded(let limit, let fileSize):
            if let limit {
                "The file has \(fileSize) bytes, over the server's limit of \(limit)"
            } else {
                "The file has \(fileSize) bytes, more than the server accepts"
            }
        case .uploadURLNotAddressable(let location):
            "The upload URL \(location) is not on the client's base URL"
        case .stalled(let attempts, let underlying):
            "The upload made no progress in \(attempts) attempts (\(CauseDescription.text(of: underlying)))"
        case .fileSystem(let path, let underlying):
            "Could not read or write \(path) (\(CauseDescription.text(of: underlying)))"
        }
    }
}

extension ResumableUploadError: LocalizedError {
    public var errorDescription: String? { description }
}
