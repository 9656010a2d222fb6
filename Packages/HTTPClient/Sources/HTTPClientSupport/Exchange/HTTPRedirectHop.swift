import Foundation

/// One redirect a transport followed: the request that was answered with the redirect, its status, what the
/// transport measured of that exchange, and the request it sends next.
public struct HTTPRedirectHop: Sendable, Hashable {
    /// The method (its token, such as `GET`) of the request that got the redirect.
    public let method: String
    /// The URL of the request that got the redirect.
    public let url: URL
    /// The redirect's status code (301, 302, 303, 307 or 308).
    public let statusCode: Int
    /// What the transport measured of this exchange alone, or `nil` when it measured nothing.
    public let metrics: HTTPExchangeMetrics?
    /// The method of the request the transport sends next.
    public let nextMethod: String
    /// The URL of the request the transport sends next.
    public let nextURL: URL

    /// Creates the description of one followed redirect.
    public init(
        method: String, url: URL, statusCode: Int, metrics: HTTPExchangeMetrics?, nextMethod: String,
        nextURL: URL
    ) {
        self.method = method
        self.url = url
        self.statusCode = statusCode
        self.metrics = metrics
        self.nextMethod = nextMethod
        self.nextURL = nextURL
    }
}
