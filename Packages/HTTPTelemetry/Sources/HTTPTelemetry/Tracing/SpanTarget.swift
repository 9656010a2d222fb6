import Foundation
import HTTPClientSupport

/// The base URL a tracing layer resolves requests against, taken apart once: the builder of each request's URL
/// and, for a base with a host, the `server.address`, `server.port` and `url.scheme` attributes that every URL
/// built on it shares.
struct SpanTarget: Sendable {
    let urls: HTTPURLBuilder
    /// The attributes of the base's origin, or `nil` when the base has no host.
    let serverAttributes: Attributes?

    init(baseURL: URL) {
        urls = HTTPURLBuilder(baseURL: baseURL)
        serverAttributes = baseURL.host == nil ? nil : AttemptSpan.serverAttributes(of: baseURL)
    }
}
