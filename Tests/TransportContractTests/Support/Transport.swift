import CurlInfrastructure
import Foundation
import HTTPClient
import Testing
import URLSessionInfrastructure

/// A transport under contract: every case of the suite runs once per value.
///
/// Each value knows how to make its `HTTPClient` for a base URL with the options the contract varies, and
/// which cases it cannot meet (``KnownLimitation``). A new transport is a new case here, its client in
/// ``makeClient(baseURL:options:)`` and its limitations (normally none) in `Transport.has(_:)`.
enum Transport: String, CaseIterable, Codable, Sendable, CustomTestStringConvertible {
    case urlSession
    case curl

    var testDescription: String {
        switch self {
        case .urlSession: "URLSessionClient"
        case .curl: "CurlClient"
        }
    }

    /// A new client, with a connection pool of its own, for `baseURL`.
    func makeClient(baseURL: URL, options: ClientOptions = ClientOptions()) throws -> any HTTPClient {
        switch self {
        case .urlSession:
            try URLSessionClient(
                baseURL: baseURL, requestTimeout: options.requestTimeout,
                redirects: options.redirects, maximumResponseBytes: options.maximumResponseBytes)
        case .curl:
            try CurlClient(
                baseURL: baseURL, requestTimeout: options.requestTimeout, redirects: options.redirects,
                maximumResponseBytes: options.maximumResponseBytes)
        }
    }
}

/// What the contract varies between clients: the request timeout, the redirect policy and the size limit.
struct ClientOptions: Sendable {
    /// Long enough that a case which waits on cancellation or a signal never ends by a timeout instead.
    var requestTimeout: TimeInterval = 120
    var redirects = RedirectPolicy.follow(max: 10)
    var maximumResponseBytes = 32 * 1024 * 1024
}
