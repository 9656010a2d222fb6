import Foundation

extension HTTPProxy {
    /// The proxies one client uses, resolved from an ``HTTPProxy`` setting.
    public struct Routes: Sendable, Hashable {
        /// No proxy for any request.
        public static let direct = Routes(http: nil, https: nil, noProxy: [])

        /// The proxy for `http` requests, if any.
        public let http: Endpoint?
        /// The proxy for `https` requests, if any.
        public let https: Endpoint?
        /// The hosts reached without a proxy, in curl's `NO_PROXY` syntax: a host name (which also covers its
        /// subdomains; a leading dot is ignored), an IP address, or `*` for every host.
        public let noProxy: [String]

        /// Routes with the given proxies and exceptions.
        public init(http: Endpoint?, https: Endpoint?, noProxy: [String]) {
            self.http = http
            self.https = https
            self.noProxy = noProxy
        }

        /// The proxy for `scheme` (`http` or `https`), ignoring ``noProxy``.
        public func proxy(forScheme scheme: String) -> Endpoint? {
            switch scheme.lowercased() {
            case "http": http
            case "https": https
            default: nil
            }
        }

        /// The proxy a request to `url` goes through: `nil` when its scheme has none or ``noProxy`` names its
        /// host.
        public func proxy(for url: URL) -> Endpoint? {
            guard let scheme = url.scheme, let proxy = proxy(forScheme: scheme) else { return nil }
            guard let host = url.host?.lowercased() else { return proxy }
            return bypasses(host: host) ? nil : proxy
        }

        /// Whether ``noProxy`` names `host` or a domain it is in.
        public func bypasses(host: String) -> Bool {
            let host = Self.bare(host.lowercased())
            return noProxy.contains { entry in
                var pattern = Self.bare(entry.lowercased())
                if pattern == "*" { return true }
                while pattern.hasPrefix(".") { pattern.removeFirst() }
                return !pattern.isEmpty && (host == pattern || host.hasSuffix("." + pattern))
            }
        }

        /// `host` without the brackets of an IPv6 literal.
        private static func bare(_ host: String) -> String {
            host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }
    }
}
