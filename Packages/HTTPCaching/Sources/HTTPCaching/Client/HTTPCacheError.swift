import Foundation
import HTTPClient

/// Why ``CachingHTTPClient`` could not answer without the network.
public enum HTTPCacheError: Error, Equatable, Sendable {
    /// Offline mode found no stored answer for the request.
    case notCached(method: HTTPMethod, resource: String)
    /// Offline mode cannot send an unsafe request (`POST`, `PUT`, `PATCH`, `DELETE`).
    case offlineUnsafeRequest(method: HTTPMethod, resource: String)
}

extension HTTPCacheError: CustomStringConvertible {
    /// A one-line description naming the request.
    public var description: String {
        switch self {
        case .notCached(let method, let resource):
            "The answer to \(method.name) \(resource) is not cached, and offline mode sends no requests"
        case .offlineUnsafeRequest(let method, let resource):
            "Offline mode cannot send \(method.name) \(resource)"
        }
    }
}

extension HTTPCacheError: LocalizedError {
    /// The same as ``description``.
    public var errorDescription: String? { description }

    /// What to do: load the answer once with the network.
    public var recoverySuggestion: String? {
        "Load it once with the network (not in offline mode), then it can be answered offline."
    }
}
