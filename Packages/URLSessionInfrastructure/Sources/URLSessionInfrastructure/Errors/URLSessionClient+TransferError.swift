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
        }
    }
}

extension URLSessionClient.TransferError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
