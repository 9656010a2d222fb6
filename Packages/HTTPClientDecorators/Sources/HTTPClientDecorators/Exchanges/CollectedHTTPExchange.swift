import Foundation
import HTTPClient
import HTTPClientSupport

/// One load or stream as ``ExchangeCollectingHTTPClient`` saw it end: the request, the answer when one came, and
/// what the transport below measured of each redirect it followed and of the last request.
public struct CollectedHTTPExchange: Sendable {
    /// The request, as the caller gave it.
    public let request: any HTTPRequest
    /// The URL that answered, or the request's URL when no answer came; `nil` when neither is known.
    public let url: URL?
    /// The answer's head, or `nil` when none came.
    public let response: HTTPResponse?
    /// The measurement of each redirect the transport followed, in order.
    public let redirects: [HTTPExchangeMetrics]
    /// The last request's measurement, or `nil` when the transport measured nothing.
    public let metrics: HTTPExchangeMetrics?

    /// Creates an exchange of `request`, answered at `url` with `response`, measured as `redirects` and `metrics`.
    public init(
        request: any HTTPRequest, url: URL?, response: HTTPResponse?, redirects: [HTTPExchangeMetrics] = [],
        metrics: HTTPExchangeMetrics?
    ) {
        self.request = request
        self.url = url
        self.response = response
        self.redirects = redirects
        self.metrics = metrics
    }
}
