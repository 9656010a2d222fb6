import Foundation
import HTTPClientSupport

/// The base URL a tracing layer resolves requests against, taken apart once: the builder of each request's URL
/// and, for a base with a host, the `server.address`, `server.port` and `url.scheme` attributes that every URL
/// built on it shares. A reference, so that each recorded span shares its layer's.
final class SpanTarget: Sendable {
    let urls: HTTPURLBuilder
    /// The attributes of the base's origin, or `nil` when the base has no host.
    let serverAttributes: Attributes?

    init(baseURL: URL) {
        urls = HTTPURLBuilder(baseURL: baseURL)
        serverAttributes = baseURL.host == nil ? nil : Self.serverAttributes(of: baseURL)
    }

    /// `server.address`, `server.port` (the scheme's default when the URL names none) and `url.scheme` of
    /// `url`.
    static func serverAttributes(of url: URL) -> Attributes {
        var attributes: Attributes = [:]
        if let host = url.host { attributes["server.address"] = .string(host) }
        if let port = url.port ?? defaultPort(scheme: url.scheme) { attributes["server.port"] = .int(Int64(port)) }
        if let scheme = url.scheme { attributes["url.scheme"] = .string(scheme) }
        return attributes
    }

    private static func defaultPort(scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
