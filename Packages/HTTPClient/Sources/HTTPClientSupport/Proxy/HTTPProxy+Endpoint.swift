import Foundation

extension HTTPProxy {
    /// One proxy: where it listens, and the credentials to send it.
    public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
        /// The schemes a proxy URL may have.
        public static let schemes: Set<String> = ["http", "https", "socks4", "socks4a", "socks5", "socks5h"]

        /// The proxy's URL without user name and password, for example `http://proxy.local:3128`.
        public let url: URL
        /// The user name to send the proxy, percent-decoded, if the URL had one.
        public let user: String?
        /// The password to send the proxy, percent-decoded, if the URL had one.
        public let password: String?

        /// The proxy at `text`: a URL with one of ``schemes`` and a host, or `host[:port]`, taken as `http`.
        /// - Throws: ``TransportConfigurationError/invalidProxy(_:)`` naming `text`, its credentials redacted.
        public init(parsing text: String) throws(TransportConfigurationError) {
            let absolute = text.contains("://") ? text : "http://" + text
            guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace }),
                var components = URLComponents(string: absolute),
                let scheme = components.scheme?.lowercased(), Self.schemes.contains(scheme),
                let host = components.host, !host.isEmpty, components.fragment == nil
            else { throw .invalidProxy(RedactedURL.string(from: text)) }
            user = components.user
            password = components.password
            components.user = nil
            components.password = nil
            guard let url = components.url else { throw .invalidProxy(RedactedURL.string(from: text)) }
            self.url = url
        }

        /// The URL, which holds no credentials.
        public var description: String { url.absoluteString }
    }
}
