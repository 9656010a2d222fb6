import Foundation
import HTTPClient

/// A request for an image at an absolute URL, usually on a CDN rather than the API's host.
///
/// `HTTPClient` addresses requests relative to a client's base URL, so this request splits the URL: send it
/// through a client whose base URL is ``origin`` (`scheme://host[:port]`). The version is empty, the path is
/// the URL's path without its leading slash (percent-decoded: the client encodes it), and the query comes from
/// the URL's query items. One client per host also means one decorator chain per host, so the API's
/// authentication headers never reach the CDN.
public struct AvatarRequest: HTTPRequest, Equatable {
    /// Why a URL cannot be requested.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The URL's scheme is not `http` or `https`.
        case unsupportedScheme(URL)
        /// The URL has no host.
        case missingHost(URL)
    }

    /// The URL the request was made from.
    public let url: URL
    /// `scheme://host[:port]`: the base URL of the client that must send this request.
    public let origin: URL
    public let path: HTTPPath
    public let queryParameter: HTTPQueryParameter?

    /// Splits `url` into an origin and a relative request.
    /// - Throws: ``Error`` when the URL is not `http` or `https` or has no host.
    public init(url: URL) throws {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw Error.unsupportedScheme(url) }
        guard let host = components.host, !host.isEmpty else { throw Error.missingHost(url) }
        let path = components.path
        let items = components.queryItems ?? []
        components.scheme = scheme
        components.percentEncodedPath = ""
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        guard let origin = components.url else { throw Error.missingHost(url) }
        self.url = url
        self.origin = origin
        self.path = path.hasPrefix("/") ? String(path.dropFirst()) : path
        self.queryParameter =
            items.isEmpty
            ? nil : Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    public var method: HTTPMethod { .get }

    public var version: HTTPVersion { "" }

    public var headers: HTTPHeaders? { ["Accept": "image/*"] }
}

extension AvatarRequest.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .unsupportedScheme(let url): "The avatar URL \(url.absoluteString) is not an http or https URL."
        case .missingHost(let url): "The avatar URL \(url.absoluteString) has no host."
        }
    }

    public var errorDescription: String? { description }
}
