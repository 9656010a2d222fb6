import Foundation
import HTTPClient

extension CurlClient {
    /// Why a client could not be created; every case names the offending input.
    public enum ConfigurationError: Error, Equatable, Sendable {
        /// The base URL is not an absolute `http` or `https` URL with a host (userinfo redacted).
        case unsupportedBaseURL(String)
        /// The request timeout is not a positive, finite number of seconds.
        case invalidRequestTimeout(TimeInterval)
        /// The response size limit is not a positive number of bytes.
        case invalidMaximumResponseBytes(Int)
    }
}

extension CurlClient.ConfigurationError: CustomStringConvertible {
    /// A one-line description naming the input and what is wrong with it.
    public var description: String {
        switch self {
        case .unsupportedBaseURL(let url):
            "Invalid base URL \"\(url)\": it must be an absolute http or https URL with a host"
        case .invalidRequestTimeout(let seconds):
            "Invalid request timeout \(seconds): it must be a positive number of seconds"
        case .invalidMaximumResponseBytes(let bytes):
            "Invalid maximum response size \(bytes): it must be a positive number of bytes"
        }
    }
}
