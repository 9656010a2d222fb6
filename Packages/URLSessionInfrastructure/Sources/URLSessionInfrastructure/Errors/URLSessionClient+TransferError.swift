import Foundation
import HTTPClient

extension URLSessionClient {
    /// What went wrong in a transfer that URLSession itself did not report: the cause inside an
    /// `HTTPTransportError`.
    public enum TransferError: Error, Equatable, Sendable {
        /// A `GET` request has a body, which URLSession refuses to send.
        case getWithBody
        /// The session completed the task without a response.
        case noResponse
        /// The response from `url` (redacted) was a `type`, not an HTTP response.
        case notHTTP(url: String, type: String)
        /// A streamed response's reader fell more than `limit` bytes behind: its temporary file is full.
        case spillLimitReached(limit: Int)
        /// A streamed response's reader read nothing for `seconds` while bytes waited in its temporary file.
        case readerStalled(seconds: TimeInterval)
    }
}

extension URLSessionClient.TransferError: CustomStringConvertible {
    /// A one-line description of what happened.
    public var description: String {
        switch self {
        case .getWithBody:
            "URLSession cannot send a GET request with a body; send it with POST or put the data in the query"
        case .noResponse: "no response"
        case .notHTTP(let url, let type): "expected an HTTP response from \(url), got \(type)"
        case .spillLimitReached(let limit):
            "the reader of a streamed response fell \(limit) bytes behind, the most its temporary file holds"
        case .readerStalled(let seconds):
            "the reader of a streamed response read nothing for \(seconds.formatted()) s while bytes waited"
        }
    }
}

extension URLSessionClient.TransferError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
